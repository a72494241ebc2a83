import { z } from "zod";

export const name = z.string();
