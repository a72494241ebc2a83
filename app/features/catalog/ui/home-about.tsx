import { LazyVideo } from "~/ui/lazy-video";

/** About the workshop, with its video. */
export function HomeAbout() {
  return (
    <section
      className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 md:grid-cols-2"
      aria-labelledby="about-heading"
    >
      <div className="space-y-4">
        <h2 id="about-heading" className="text-3xl font-bold">
          Who are we?
        </h2>
        <p className="text-muted-foreground">
          We started in 2025 in a small workshop in Badaun, Uttar Pradesh, with one idea: anyone in India
          should be able to own a beautiful, safe neon sign without paying a fortune for fragile glass. Our
          founder taught himself to bend LED neon flex after struggling to find a sign for his own cafe.
        </p>
        <p className="text-muted-foreground">
          Today our small team hand-builds every sign, checks it for a full day before it ships, and calls
          every customer to confirm their design. From bedroom walls to wedding stages, we love seeing your
          spaces glow.
        </p>
        <dl className="grid grid-cols-2 gap-4 pt-2">
          <div className="flex flex-col-reverse rounded-xl border bg-card p-4 text-center">
            <dt className="text-sm text-muted-foreground">Community</dt>
            <dd className="text-3xl font-extrabold text-primary">10K+</dd>
          </div>
          <div className="flex flex-col-reverse rounded-xl border bg-card p-4 text-center">
            <dt className="text-sm text-muted-foreground">Founded</dt>
            <dd className="text-3xl font-extrabold text-primary">2025</dd>
          </div>
        </dl>
      </div>
      <div className="overflow-hidden rounded-xl border">
        <LazyVideo
          className="aspect-video w-full"
          width={640}
          height={360}
          poster="/images/about-poster.webp"
          label="Our neon signs glowing in the workshop"
          sources={[
            { src: "/videos/about.webm", type: "video/webm" },
            { src: "/videos/about.mp4", type: "video/mp4" },
          ]}
        />
      </div>
    </section>
  );
}
