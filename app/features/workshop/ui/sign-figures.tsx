import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { SignMeasurement } from "~/features/sign-geometry/sign-geometry";

type Answer = { ok: true; measurement: SignMeasurement } | { ok: false; message: string };

const cm = (n: number) => `${n.toLocaleString("en-IN", { maximumFractionDigits: 1 })} cm`;

/**
 * "Measured for making" (issue 44): the custom sign as the geometry engine measures it, asked for once the
 * dialog is open (measuring takes a moment the first time a font's letters are met).
 */
export function SignFigures({ orderId }: { orderId: string }) {
  const fetcher = useFetcher<Answer>();
  const url = `/api/admin/custom-orders/${orderId}/figures`;
  useEffect(() => {
    if (fetcher.state === "idle" && !fetcher.data) void fetcher.load(url);
  }, [fetcher, url]);
  const answer = fetcher.data;
  return (
    <section aria-labelledby={`figures-${orderId}`} className="rounded-md border p-3 text-sm">
      <h3 id={`figures-${orderId}`} className="font-semibold">
        Measured for making
      </h3>
      {!answer ? (
        <p className="mt-1 text-muted-foreground" aria-live="polite">
          Measuring the sign…
        </p>
      ) : !answer.ok ? (
        <p className="mt-1" role="note">
          {answer.message}
        </p>
      ) : (
        <Figures m={answer.measurement} />
      )}
    </section>
  );
}

function Figures({ m }: { m: SignMeasurement }) {
  const rows: [string, string][] = [
    ["Overall size (with backing)", `${cm(m.widthCm)} × ${cm(m.heightCm)}`],
    ["Letters", `${cm(m.textWidthCm)} × ${cm(m.textHeightCm)}`],
    [
      m.lines.length > 1 ? "Letter height per line" : "Letter height",
      m.lines.map((l) => cm(l.letterHeightMm / 10)).join(" / "),
    ],
    ["LED flex", `${m.ledMetresTotal.toFixed(2)} m in ${m.runs} ${m.runs === 1 ? "run" : "runs"}`],
    ["Power and adaptor", `${m.watts} W, ${m.adaptorW} W adaptor`],
    ["Backing", `${m.backingAreaM2.toFixed(3)} m²`],
    ["Approximate weight", `${m.weightKg.toFixed(2)} kg`],
  ];
  if (m.closestRunsMm !== null) rows.push(["Closest strokes in a letter", `${m.closestRunsMm} mm apart`]);
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
      {rows.map(([k, v]) => (
        <div key={k} className="flex justify-between gap-3 sm:block">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="font-medium tabular-nums">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
