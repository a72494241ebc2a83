import type { PagePattern } from "./vitals-pages";

/*
 * INP per page (issue 33). web-vitals' INP is one figure for the whole document, so a shopper who landed on
 * the home page and then typed in the customiser or filled the checkout (in-app navigation, the usual way
 * there) counted the customiser's or checkout's slow interactions against "/". Here each interaction
 * (Event Timing entries grouped by interactionId, the longest entry kept) belongs to the page that was
 * shown when it started, and each page gets its own INP the way web-vitals computes it: the longest
 * interaction, skipping one for every 50 (a high percentile for pages with many interactions).
 */

/** What an Event Timing entry tells us (PerformanceEventTiming). */
export type InteractionEntry = { interactionId: number; startTime: number; duration: number };

export class PageInteractions {
  /** Pages in the order shown: each from `start` (ms since the document's time origin). */
  private readonly visits: { start: number; page: PagePattern }[];
  private readonly byPage = new Map<PagePattern, Map<number, number>>();

  constructor(landing: PagePattern) {
    this.visits = [{ start: 0, page: landing }];
  }

  /** The shopper moved to another page (in-app navigation) at `time`. */
  navigated(page: PagePattern, time: number): void {
    if (this.visits.at(-1)!.page !== page) this.visits.push({ start: time, page });
  }

  /** The page shown at `time`. */
  pageAt(time: number): PagePattern {
    let page = this.visits[0]!.page;
    for (const v of this.visits) if (v.start <= time) page = v.page;
    return page;
  }

  /** One Event Timing entry; entries without an interactionId (hover, scroll) are not interactions. */
  record(entry: InteractionEntry): void {
    if (!entry.interactionId) return;
    const page = this.pageAt(entry.startTime);
    let interactions = this.byPage.get(page);
    if (!interactions) this.byPage.set(page, (interactions = new Map()));
    const was = interactions.get(entry.interactionId) ?? 0;
    if (entry.duration > was) interactions.set(entry.interactionId, entry.duration);
  }

  /** Each page's INP (ms), for the pages with at least one interaction. */
  inp(): Map<PagePattern, number> {
    const out = new Map<PagePattern, number>();
    for (const [page, interactions] of this.byPage) {
      const longest = [...interactions.values()].sort((a, b) => b - a);
      const skip = Math.min(longest.length - 1, Math.floor(longest.length / 50));
      out.set(page, longest[skip]!);
    }
    return out;
  }
}
