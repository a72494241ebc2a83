import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { REFERENCES, type ReferenceId } from "~/features/customizer/wall-scale";

/** What the marked length is (a door, an A4 sheet, or a typed length) and the resulting scale. */
export function ScaleControls({
  reference,
  onReference,
  customCm,
  onCustomCm,
  canRemark,
  onRemark,
  widthCm,
}: {
  reference: ReferenceId;
  onReference: (r: ReferenceId) => void;
  customCm: string;
  onCustomCm: (v: string) => void;
  canRemark: boolean;
  onRemark: () => void;
  widthCm: number | null;
}) {
  return (
    <div className="space-y-2 text-sm">
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 font-medium">The marked length is</legend>
        {(Object.keys(REFERENCES) as ReferenceId[]).map((id) => (
          <label key={id} className="flex items-center gap-2">
            <input
              type="radio"
              name="wall-reference"
              checked={reference === id}
              onChange={() => onReference(id)}
            />
            {REFERENCES[id].label}
          </label>
        ))}
      </fieldset>
      {reference === "custom" ? (
        <label className="flex items-center gap-2">
          Length in cm
          <Input
            type="number"
            inputMode="decimal"
            min={1}
            max={2000}
            value={customCm}
            onChange={(e) => onCustomCm(e.target.value)}
            className="w-28"
          />
        </label>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {widthCm !== null ? (
          <p data-testid="wall-width">Your photo shows about {Math.round(widthCm)} cm of wall.</p>
        ) : null}
        {canRemark ? (
          <Button variant="ghost" size="sm" onClick={onRemark}>
            Mark again
          </Button>
        ) : null}
      </div>
    </div>
  );
}
