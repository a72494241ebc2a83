import * as lucide from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as icons from "./icons";

const names = Object.keys(icons).filter((name) => /^[A-Z]/.test(name)) as (keyof typeof icons)[];

describe("storefront icons", () => {
  it("cover the icons the storefront imports", () => {
    expect(names.length).toBeGreaterThan(20);
  });

  it.each(names)("%s renders exactly what lucide-react renders", (name) => {
    const Ours = icons[name] as icons.StaticIcon;
    const Theirs = lucide[name as keyof typeof lucide] as lucide.LucideIcon;
    for (const props of [{}, { className: "size-4 text-primary" }, { "aria-hidden": true }]) {
      expect(renderToStaticMarkup(<Ours {...props} />)).toBe(renderToStaticMarkup(<Theirs {...props} />));
    }
  });

  it("are announced when given a label, as lucide-react's are", () => {
    const html = renderToStaticMarkup(<icons.Star aria-label="Rated" role="img" />);
    expect(html).toContain('aria-label="Rated"');
    expect(html).not.toContain("aria-hidden");
  });

  it("escape attribute values in the drawing", () => {
    expect(icons.iconMarkup([["path", { d: 'M0 0"/><script>', key: "k" }]])).toBe(
      '<path d="M0 0&quot;/&gt;&lt;script&gt;"></path>',
    );
  });
});
