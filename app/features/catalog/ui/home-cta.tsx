import { Award } from "~/ui/icons";
import { Link } from "react-router";
import { Button } from "~/ui/button";

/** The closing call to action. */
export function HomeCta() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-20 text-center" aria-labelledby="cta-heading">
      <Award className="mx-auto mb-4 size-10 text-primary" aria-hidden />
      <h2 id="cta-heading" className="mb-4 text-3xl font-bold md:text-4xl">
        Ready to Light Up Your Space?
      </h2>
      <p className="mb-8 text-muted-foreground">
        Design your own sign in minutes, or tell us your idea and we will send you a quote.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to="/customize">Start Customizing</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/contact">Get a Quote</Link>
        </Button>
      </div>
    </section>
  );
}
