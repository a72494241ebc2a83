import type express from "express";
import { NUL_MESSAGE } from "~/shared/text";

/**
 * A NUL in the address (%00 in a search, a filter, a code, a path) is refused with a clear answer before any
 * route runs (issue 41): PostgreSQL cannot store or compare one, so it would otherwise surface as a server
 * error. Forms and JSON bodies are checked where they are read (formAction, readJson).
 */
export function refuseNulInAddress(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (!/%00|\0/.test(req.originalUrl)) return next();
  res.status(400).set("Cache-Control", "no-store").type("text/plain").send(NUL_MESSAGE);
}
