import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { render } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { EmailBlock, EmailContent } from "~/shared/email-content";

/*
 * The one branded e-mail (decision 037): the shop's logo and name on its dark band, its hot pink for the
 * button, the body on white for every mail client, and the shop's signature. Built with react-email's
 * components (tables and inline styles that Outlook and Gmail draw the same); every string is escaped by React.
 */

/** The shop's colours (app/app.css): the dark background, hot pink, and dark text on pink (5.3:1). */
export const EMAIL_COLOURS = { band: "#0b0b14", accent: "#ff1493", onAccent: "#0b0b14", text: "#1a1a24" };

/**
 * The fonts, Latin first; Hindi (a custom sign's text, a name) falls back to a Devanagari face the reader's
 * system has: Noto Sans Devanagari (Android, Linux, Gmail's web fonts), Nirmala UI and Mangal (Windows and
 * Outlook), Kohinoor Devanagari (Apple). Names without quotes (valid CSS), so the style attribute needs no escapes.
 */
export const EMAIL_FONTS =
  "Arial, Helvetica, Noto Sans Devanagari, Nirmala UI, Mangal, Kohinoor Devanagari, sans-serif";

const text = { fontSize: "15px", lineHeight: "22px", color: EMAIL_COLOURS.text, margin: "0 0 14px" };
const small = { fontSize: "13px", lineHeight: "18px", color: "#55556a", margin: "0" };

function Block({ b }: { b: EmailBlock }) {
  switch (b.kind) {
    case "paragraph":
      return <Text style={text}>{b.text}</Text>;
    case "lines":
      return (
        <Text style={text}>
          {b.lines.map((l, i) => (
            <span key={i}>
              {i > 0 ? <br /> : null}
              {l}
            </span>
          ))}
        </Text>
      );
    case "heading":
      return (
        <Heading as="h2" style={{ fontSize: "17px", color: EMAIL_COLOURS.text, margin: "20px 0 8px" }}>
          {b.text}
        </Heading>
      );
    case "list": {
      const Tag = b.ordered ? "ol" : "ul";
      return (
        <Tag style={{ ...text, paddingLeft: "22px" }}>
          {b.items.map((i, n) => (
            <li key={n} style={{ marginBottom: "4px" }}>
              {i}
            </li>
          ))}
        </Tag>
      );
    }
    case "items":
      return (
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ borderCollapse: "collapse", margin: "0 0 14px" }}
        >
          <tbody>
            {b.rows.map((r, i) => (
              <tr key={i} style={{ borderBottom: "1px solid #e6e6ee" }}>
                <td style={{ ...text, padding: "8px 8px 8px 0", margin: 0 }}>
                  <strong>{r.name}</strong>
                  {r.details ? (
                    <>
                      <br />
                      <span style={small}>{r.details}</span>
                    </>
                  ) : null}
                </td>
                <td style={{ ...text, padding: "8px", margin: 0, whiteSpace: "nowrap" }} align="right">
                  × {r.quantity}
                </td>
                <td
                  style={{ ...text, padding: "8px 0 8px 8px", margin: 0, whiteSpace: "nowrap" }}
                  align="right"
                >
                  {r.amount}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case "button":
      return (
        <Section style={{ margin: "8px 0 20px" }}>
          <Button
            href={b.url}
            style={{
              backgroundColor: EMAIL_COLOURS.accent,
              color: EMAIL_COLOURS.onAccent,
              borderRadius: "8px",
              fontSize: "16px",
              fontWeight: 700,
              padding: "14px 24px",
              textDecoration: "none",
            }}
          >
            {b.label}
          </Button>
        </Section>
      );
    case "link":
      return (
        <Text style={text}>
          <Link href={b.url} style={{ color: "#c0106e", textDecoration: "underline" }}>
            {b.label}
          </Link>
        </Text>
      );
  }
}

export function BrandedEmail({ c }: { c: EmailContent }) {
  const site = c.shop.publicUrl.replace(/\/+$/, "");
  return (
    <Html lang="en">
      <Head>
        <meta name="format-detection" content="telephone=no, date=no, address=no, email=no, url=no" />
        <style>{"a[x-apple-data-detectors]{color:inherit!important;text-decoration:none!important}"}</style>
      </Head>
      {c.preview ? <Preview>{c.preview}</Preview> : null}
      <Body style={{ backgroundColor: "#f3f3f7", fontFamily: EMAIL_FONTS, margin: 0 }}>
        <Container style={{ maxWidth: "600px", width: "100%", margin: "0 auto", backgroundColor: "#ffffff" }}>
          <Section style={{ backgroundColor: EMAIL_COLOURS.band, padding: "16px 24px" }}>
            <table role="presentation" cellPadding={0} cellSpacing={0}>
              <tbody>
                <tr>
                  <td style={{ verticalAlign: "middle", paddingRight: "10px" }}>
                    <Img src={`${site}/email-logo.png`} width="36" height="36" alt="" />
                  </td>
                  <td style={{ verticalAlign: "middle" }}>
                    <span style={{ color: EMAIL_COLOURS.accent, fontSize: "20px", fontWeight: 800 }}>
                      {c.shop.name}
                    </span>
                  </td>
                </tr>
              </tbody>
            </table>
          </Section>
          <Section style={{ padding: "24px" }}>
            {c.greeting ? <Text style={text}>{c.greeting}</Text> : null}
            {c.blocks.map((b, i) => (
              <Block key={i} b={b} />
            ))}
            {c.questions && c.shop.phone && c.shop.email ? (
              <Text style={text}>
                Questions? Call {c.shop.phone} or write to {c.shop.email}.
              </Text>
            ) : null}
            <Hr style={{ borderColor: "#e6e6ee", margin: "20px 0 12px" }} />
            <Text style={small}>
              {c.shop.name}
              <br />
              <Link href={site} style={{ color: "#55556a" }}>
                {site.replace(/^https?:\/\//, "")}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The HTML part of an e-mail: the branded template around its content. */
export async function renderEmailHtml(c: EmailContent): Promise<string> {
  return render(<BrandedEmail c={c} />);
}
