import { ColorPicker, type DesignChange } from "~/features/customizer/ui/customizer-options";
import { FontPicker } from "~/features/customizer/ui/font-picker";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Textarea } from "~/ui/input";
import { Label } from "~/ui/label";
import {
  countCharacters,
  FREE_CHARACTERS,
  limitLines,
  MAX_CUSTOM_TEXT_LENGTH,
  MAX_TEXT_LINES,
  PRICE_PER_EXTRA_CHARACTER,
  type Design,
} from "~/features/customizer/customizer";
import { formatRupees } from "~/shared/money";
import { hasDevanagari } from "~/features/customizer/design-checks";
import { neonFontFamily } from "~/features/customizer/ui/neon-fonts";
function onTextKeyDown(e: React.KeyboardEvent<HTMLTextAreaElement>) {
  // Up to three lines: Enter on the last allowed line does nothing.
  if (e.key === "Enter" && e.currentTarget.value.split("\n").length >= MAX_TEXT_LINES) e.preventDefault();
}

/** The customiser's Text Settings card: the text, its font and colour. */
export function TextSettings({
  design,
  update,
  fontNote,
}: {
  design: Design;
  update: DesignChange;
  /** Why the font was switched (Hindi typed in a font without it), or null. */
  fontNote: string | null;
}) {
  const characters = countCharacters(design.text);
  const hindi = hasDevanagari(design.text);
  return (
    <Card className="order-2">
      <CardHeader className="p-4 sm:p-6">
        <h2 className="text-lg font-semibold leading-none tracking-tight">Text Settings</h2>
      </CardHeader>
      {/* With Hindi typed, a device without a Devanagari font still shows the letters: Baloo 2's file,
          already fetched for the preview, stands in after the page's own fonts. */}
      <CardContent
        className="space-y-6 p-4 pt-0 sm:p-6 sm:pt-0"
        style={hindi ? { fontFamily: `var(--font-sans), ${neonFontFamily("baloo-2")}` } : undefined}
      >
        <div className="space-y-2">
          <Label htmlFor="neon-text">Your Text</Label>
          {/* A fixed height and full containment make the box its own layout root: a keystroke lays out the
              box, not the page (issue 33). Three lines of its own line height, its padding and border. */}
          <Textarea
            id="neon-text"
            rows={3}
            value={design.text}
            maxLength={MAX_CUSTOM_TEXT_LENGTH}
            placeholder="YOUR TEXT"
            aria-describedby="neon-text-help"
            onKeyDown={onTextKeyDown}
            onChange={(e) => update("text", limitLines(e.target.value))}
            className="h-[calc(3lh+1rem+2px)] resize-none text-base [contain:strict]"
            spellCheck={false}
          />
          <p id="neon-text-help" className="text-xs text-muted-foreground">
            {characters} {characters === 1 ? "character" : "characters"} · up to {MAX_TEXT_LINES} lines ·
            first {FREE_CHARACTERS} characters included, then {formatRupees(PRICE_PER_EXTRA_CHARACTER)} each
            (line breaks are free)
          </p>
        </div>

        <FontPicker font={design.font} hindi={hindi} note={fontNote} onChange={update} />
        <ColorPicker color={design.color} onChange={update} />
      </CardContent>
    </Card>
  );
}
