// The customiser fonts: the 400-weight woff2 files of the @fontsource packages, bundled by Vite as
// hashed assets under /assets (served by our own server, cached for a year). Only the latin,
// latin-ext and devanagari subsets are registered; the browser fetches a subset only for the
// characters it draws. Written once from each package's unicode.json; see
// docs/decisions/008-customiser-fonts.md.
import orbitronLatin from "@fontsource/orbitron/files/orbitron-latin-400-normal.woff2?url";
import rajdhaniLatin from "@fontsource/rajdhani/files/rajdhani-latin-400-normal.woff2?url";
import rajdhaniLatinExt from "@fontsource/rajdhani/files/rajdhani-latin-ext-400-normal.woff2?url";
import rajdhaniDevanagari from "@fontsource/rajdhani/files/rajdhani-devanagari-400-normal.woff2?url";
import passionOneLatin from "@fontsource/passion-one/files/passion-one-latin-400-normal.woff2?url";
import passionOneLatinExt from "@fontsource/passion-one/files/passion-one-latin-ext-400-normal.woff2?url";
import dancingScriptLatin from "@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff2?url";
import dancingScriptLatinExt from "@fontsource/dancing-script/files/dancing-script-latin-ext-400-normal.woff2?url";
import flavorsLatin from "@fontsource/flavors/files/flavors-latin-400-normal.woff2?url";
import flavorsLatinExt from "@fontsource/flavors/files/flavors-latin-ext-400-normal.woff2?url";
import ewertLatin from "@fontsource/ewert/files/ewert-latin-400-normal.woff2?url";
import ewertLatinExt from "@fontsource/ewert/files/ewert-latin-ext-400-normal.woff2?url";
import fugazOneLatin from "@fontsource/fugaz-one/files/fugaz-one-latin-400-normal.woff2?url";
import monotonLatin from "@fontsource/monoton/files/monoton-latin-400-normal.woff2?url";
import monotonLatinExt from "@fontsource/monoton/files/monoton-latin-ext-400-normal.woff2?url";
import abrilFatfaceLatin from "@fontsource/abril-fatface/files/abril-fatface-latin-400-normal.woff2?url";
import abrilFatfaceLatinExt from "@fontsource/abril-fatface/files/abril-fatface-latin-ext-400-normal.woff2?url";
import playfairDisplayLatin from "@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff2?url";
import playfairDisplayLatinExt from "@fontsource/playfair-display/files/playfair-display-latin-ext-400-normal.woff2?url";
import pressStart2pLatin from "@fontsource/press-start-2p/files/press-start-2p-latin-400-normal.woff2?url";
import pressStart2pLatinExt from "@fontsource/press-start-2p/files/press-start-2p-latin-ext-400-normal.woff2?url";
import audiowideLatin from "@fontsource/audiowide/files/audiowide-latin-400-normal.woff2?url";
import audiowideLatinExt from "@fontsource/audiowide/files/audiowide-latin-ext-400-normal.woff2?url";
import permanentMarkerLatin from "@fontsource/permanent-marker/files/permanent-marker-latin-400-normal.woff2?url";
import rubikGlitchLatin from "@fontsource/rubik-glitch/files/rubik-glitch-latin-400-normal.woff2?url";
import rubikGlitchLatinExt from "@fontsource/rubik-glitch/files/rubik-glitch-latin-ext-400-normal.woff2?url";
import rockSaltLatin from "@fontsource/rock-salt/files/rock-salt-latin-400-normal.woff2?url";
import specialEliteLatin from "@fontsource/special-elite/files/special-elite-latin-400-normal.woff2?url";
import specialEliteLatinExt from "@fontsource/special-elite/files/special-elite-latin-ext-400-normal.woff2?url";
import interLatin from "@fontsource/inter/files/inter-latin-400-normal.woff2?url";
import interLatinExt from "@fontsource/inter/files/inter-latin-ext-400-normal.woff2?url";
import shareTechMonoLatin from "@fontsource/share-tech-mono/files/share-tech-mono-latin-400-normal.woff2?url";
import baloo2Latin from "@fontsource/baloo-2/files/baloo-2-latin-400-normal.woff2?url";
import baloo2LatinExt from "@fontsource/baloo-2/files/baloo-2-latin-ext-400-normal.woff2?url";
import baloo2Devanagari from "@fontsource/baloo-2/files/baloo-2-devanagari-400-normal.woff2?url";
import yatraOneLatin from "@fontsource/yatra-one/files/yatra-one-latin-400-normal.woff2?url";
import yatraOneLatinExt from "@fontsource/yatra-one/files/yatra-one-latin-ext-400-normal.woff2?url";
import yatraOneDevanagari from "@fontsource/yatra-one/files/yatra-one-devanagari-400-normal.woff2?url";
import type { CustomFontId } from "~/features/customizer/customizer";

const latin =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";
const latinExt =
  "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF";
const devanagari =
  "U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09";

export type FontFile = { url: string; unicodeRange: string };

/** A font's faces: its latin file, then its latin-ext and devanagari files where the package has them. */
function font(
  pkg: string,
  latinUrl: string,
  latinExtUrl?: string,
  devanagariUrl?: string,
): { package: string; faces: FontFile[] } {
  const faces: FontFile[] = [{ url: latinUrl, unicodeRange: latin }];
  if (latinExtUrl) faces.push({ url: latinExtUrl, unicodeRange: latinExt });
  if (devanagariUrl) faces.push({ url: devanagariUrl, unicodeRange: devanagari });
  return { package: `@fontsource/${pkg}`, faces };
}

export const FONT_FILES: Record<CustomFontId, { package: string; faces: FontFile[] }> = {
  orbitron: font("orbitron", orbitronLatin),
  rajdhani: font("rajdhani", rajdhaniLatin, rajdhaniLatinExt, rajdhaniDevanagari),
  "passion-one": font("passion-one", passionOneLatin, passionOneLatinExt),
  "dancing-script": font("dancing-script", dancingScriptLatin, dancingScriptLatinExt),
  flavors: font("flavors", flavorsLatin, flavorsLatinExt),
  ewert: font("ewert", ewertLatin, ewertLatinExt),
  "fugaz-one": font("fugaz-one", fugazOneLatin),
  monoton: font("monoton", monotonLatin, monotonLatinExt),
  "abril-fatface": font("abril-fatface", abrilFatfaceLatin, abrilFatfaceLatinExt),
  "playfair-display": font("playfair-display", playfairDisplayLatin, playfairDisplayLatinExt),
  "press-start": font("press-start-2p", pressStart2pLatin, pressStart2pLatinExt),
  audiowide: font("audiowide", audiowideLatin, audiowideLatinExt),
  "permanent-marker": font("permanent-marker", permanentMarkerLatin),
  "rubik-glitch": font("rubik-glitch", rubikGlitchLatin, rubikGlitchLatinExt),
  "rock-salt": font("rock-salt", rockSaltLatin),
  "special-elite": font("special-elite", specialEliteLatin, specialEliteLatinExt),
  sans: font("inter", interLatin, interLatinExt),
  mono: font("share-tech-mono", shareTechMonoLatin),
  // Hindi (Devanagari) fonts, issue 18: rounded, even strokes that bend well.
  "baloo-2": font("baloo-2", baloo2Latin, baloo2LatinExt, baloo2Devanagari),
  "yatra-one": font("yatra-one", yatraOneLatin, yatraOneLatinExt, yatraOneDevanagari),
};
