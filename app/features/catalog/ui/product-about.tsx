/** The product page's fixed section: about the sign, what is in the box, installation. */
export function ProductAbout() {
  return (
    <section
      aria-labelledby="about-heading"
      className="grid gap-8 rounded-xl border bg-card p-6 md:grid-cols-2 md:p-8"
    >
      <div className="space-y-4">
        <h2 id="about-heading" className="text-2xl font-bold">
          About Your Neon Sign
        </h2>
        <p className="text-muted-foreground">
          Each sign is made by hand from flexible 2nd Gen LED neon tubing mounted on 6 mm clear acrylic
          backing, cut to the shape of the design. 2nd Gen LED neon is brighter and more even than
          first-generation strips, runs cool and low-voltage, and is rated for 50,000+ hours.
        </p>
        <h3 className="font-semibold">In the box</h3>
        <ul className="list-inside list-disc text-sm text-muted-foreground">
          <li>Your neon sign on 6 mm acrylic</li>
          <li>12V power adapter with a 2 m clear cable</li>
          <li>Screws and wall anchors for mounting</li>
          <li>Brightness controller with remote (if chosen)</li>
        </ul>
      </div>
      <div className="space-y-4">
        <h3 className="font-semibold">Easy installation in four steps</h3>
        <ol className="list-inside list-decimal space-y-2 text-sm text-muted-foreground">
          <li>Hold the sign against the wall and mark the pre-drilled holes.</li>
          <li>Drill the marks and tap in the wall anchors.</li>
          <li>Screw the sign to the wall.</li>
          <li>Plug in the adapter and switch on your sign.</li>
        </ol>
      </div>
    </section>
  );
}
