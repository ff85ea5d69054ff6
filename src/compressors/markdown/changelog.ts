/**
 * A Debian changelog entry's first line, `package (version) distributions;
 * urgency=level` (deb-changelog(5)), at column 0: the segmenter titles each
 * entry by it, and the router reads a text that opens with one as a
 * document. Its own module, so the router loads no Markdown code.
 */
export const CHANGELOG_ENTRY_RE = /^[a-z0-9][a-z0-9+.-]* \([^()\s]+\) [^;]*; urgency=\w/;
