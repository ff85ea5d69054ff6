/**
 * A short list of paths stays whole. Every line of a path list (`rg -l`,
 * `grep -l`, `git ls-files`, a filtered `find`) or of a `find` walk is a path
 * an agent may open or quote back, and the outline of such a list
 * (listing/path-list.ts, listing/find.ts) shows the paths past each
 * directory's first few as names in a note, never as the path itself. On a
 * list this short that saved a quarter to a third of its tokens and hid the
 * paths as written: held out, an `rg -l` kept 9 of 15 sampled paths, a
 * `find` 10 of 11, a `dpkg -L` 3 of 4. Past the length below, the outline
 * runs as before.
 */
import { hasMarker } from "../../ccr/marker.js";
import { scaled, type Compressor } from "../types.js";
import { parseFind } from "./find.js";
import { parsePathList } from "./path-list.js";

/** Longest list kept whole at the default profile, in characters (about 12 K tokens). */
export const WHOLE_PATHS_CHARS = 48 * 1024;

/** Claims a short path list or `find` walk as it is: no later link of the chain cuts a path out. */
export const shortPathsCompressor: Compressor = {
  name: "paths",
  compress(input) {
    if (!input.canDrop || input.text.length > scaled(WHOLE_PATHS_CHARS, input.scale, 1024)) return null;
    if (hasMarker(input.text)) return null;
    if (parsePathList(input.lines) === null && parseFind(input.lines) === null) return null;
    return { output: input.text, lossy: false, final: true };
  },
};
