/*
 * A strict reader of the XML the shop writes (the product feeds): a declaration, elements with quoted attributes,
 * character data with the five predefined entities and numeric references. Anything else (a raw "<" or "&" in
 * text, an unknown entity, a tag closed in the wrong order, a control character) throws, so a test reading a feed
 * through it fails on XML that Google's parser would refuse.
 */

export type XmlElement = {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const NAME = "[A-Za-z_][A-Za-z0-9_.:-]*";
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function decode(raw: string, at: number): string {
  if (raw.includes("<")) throw new Error(`raw "<" in character data near ${at}`);
  return raw.replace(/&([^;]*);|&/g, (whole, name: string | undefined) => {
    if (name === undefined) throw new Error(`bare "&" near ${at}`);
    if (name in ENTITIES) return ENTITIES[name]!;
    const m = /^#(x[0-9A-Fa-f]+|[0-9]+)$/.exec(name);
    if (!m) throw new Error(`unknown entity &${name}; near ${at}`);
    return String.fromCodePoint(m[1]!.startsWith("x") ? parseInt(m[1]!.slice(1), 16) : Number(m[1]));
  });
}

/** The document's root element; throws when the text is not well-formed XML of that subset. */
export function readXml(xml: string): XmlElement {
  if (NOT_XML.test(xml)) throw new Error("a character XML 1.0 does not allow");
  let i = 0;
  const decl = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(xml);
  if (!decl) throw new Error("no XML declaration");
  i = decl[0].length;
  const tag = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*"[^"<]*")*)\\s*(/?)>`);
  const attr = new RegExp(`(${NAME})\\s*=\\s*"([^"<]*)"`, "g");
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (text) {
      const top = stack.at(-1);
      if (!top) {
        if (text.trim()) throw new Error(`text outside the root near ${i}`);
      } else top.text += decode(text, i);
    }
    if (lt === -1) break;
    const m = tag.exec(xml.slice(lt));
    if (!m) throw new Error(`malformed tag near ${lt}: ${xml.slice(lt, lt + 40)}`);
    const [whole, closing, name, attrText, selfClosing] = m;
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}> near ${lt}`);
    } else {
      const attrs: Record<string, string> = {};
      for (const a of attrText!.matchAll(attr)) {
        if (a[1]! in attrs) throw new Error(`attribute ${a[1]} twice near ${lt}`);
        attrs[a[1]!] = decode(a[2]!, lt);
      }
      const el: XmlElement = { name: name!, attrs, children: [], text: "" };
      if (stack.length) stack.at(-1)!.children.push(el);
      else if (root) throw new Error("a second root element");
      else root = el;
      if (!selfClosing) stack.push(el);
    }
    i = lt + whole!.length;
  }
  if (stack.length || !root) throw new Error(`unclosed <${stack.at(-1)?.name ?? "root"}>`);
  return root;
}

/** The children of `el` named `name`. */
export const childrenNamed = (el: XmlElement, name: string) => el.children.filter((c) => c.name === name);
