/**
 * Tag names as small numbers, each with the facts the parser and the
 * renderers ask about it as bits. The tree stores a node's tag number, so a
 * question such as "does this start tag close an open `<p>`?" or "is this
 * a block?" is one array read instead of a string hash per set consulted:
 * on a 256 KB page those lookups were a third of the extractor's time.
 */

/** Number of a text node. */
export const TEXT = 0;
/** Number of the document node. */
export const DOCUMENT = 1;
/** Number shared by every element whose name is not in {@link Tag}; compare their names. */
export const OTHER = 2;

/** Numbers of the elements the extractor knows by name (h1–h6 consecutive, so a level is a subtraction). */
export const Tag = {
  a: 3,
  abbr: 4,
  address: 5,
  applet: 6,
  area: 7,
  article: 8,
  aside: 9,
  audio: 10,
  b: 11,
  base: 12,
  basefont: 13,
  bgsound: 14,
  blockquote: 15,
  body: 16,
  br: 17,
  button: 18,
  canvas: 19,
  caption: 20,
  center: 21,
  code: 22,
  col: 23,
  colgroup: 24,
  datalist: 25,
  dd: 26,
  details: 27,
  dialog: 28,
  dir: 29,
  div: 30,
  dl: 31,
  dt: 32,
  embed: 33,
  fieldset: 34,
  figcaption: 35,
  figure: 36,
  footer: 37,
  form: 38,
  frame: 39,
  frameset: 40,
  h1: 41,
  h2: 42,
  h3: 43,
  h4: 44,
  h5: 45,
  h6: 46,
  head: 47,
  header: 48,
  hgroup: 49,
  hr: 50,
  html: 51,
  iframe: 52,
  img: 53,
  input: 54,
  kbd: 55,
  keygen: 56,
  legend: 57,
  li: 58,
  link: 59,
  main: 60,
  map: 61,
  marquee: 62,
  math: 63,
  menu: 64,
  meta: 65,
  nav: 66,
  noembed: 67,
  noframes: 68,
  noscript: 69,
  object: 70,
  ol: 71,
  optgroup: 72,
  option: 73,
  p: 74,
  param: 75,
  pre: 76,
  samp: 77,
  script: 78,
  section: 79,
  select: 80,
  source: 81,
  style: 82,
  summary: 83,
  svg: 84,
  table: 85,
  tbody: 86,
  td: 87,
  template: 88,
  textarea: 89,
  tfoot: 90,
  th: 91,
  thead: 92,
  title: 93,
  tr: 94,
  track: 95,
  tt: 96,
  ul: 97,
  video: 98,
  wbr: 99,
  xmp: 100,
} as const;

/** How many tag numbers there are (the size of per-tag tables). */
export const TAG_COUNT = 101;

const NUMBERS: ReadonlyMap<string, number> = new Map(Object.entries(Tag));

/** The lowercase name of each tag number ("" for text, "#document" for the document, "" for {@link OTHER}). */
export const TAG_NAMES: readonly string[] = buildNames();

/** The number of lowercase element name `name`: its {@link Tag} entry, else {@link OTHER}. */
export function tagNumber(name: string): number {
  return NUMBERS.get(name) ?? OTHER;
}

/**
 * The number of the element name written at `text[start, end)` in any
 * case, as {@link tagNumber} of its lowercase form would give. Looks the
 * name up where it lies, by a hash of its characters, instead of slicing,
 * lowercasing and hashing a new string for each of a page's thousands of tags.
 */
export function tagNumberAt(text: string, start: number, end: number): number {
  if (end - start > LONGEST_NAME) return OTHER; // lowercasing never shortens a name
  let hash = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    // Outside ASCII, lowercasing can still land on a known name (the Kelvin sign is a "k"): ask the string.
    if (c >= 128) return tagNumber(text.slice(start, end).toLowerCase());
    hash = nameHash(hash, c | 32);
  }
  for (let slot = hash & SLOT_MASK; ; slot = (slot + 1) & SLOT_MASK) {
    const kind = SLOTS[slot];
    if (kind === 0) return OTHER;
    const name = TAG_NAMES[kind];
    if (name.length === end - start && spells(text, start, name)) return kind;
  }
}

/**
 * Whether `text` at `at` spells `name` (lowercase ASCII letters, digits, "-")
 * in any ASCII case. No non-ASCII character lowercases to one of those but
 * the Kelvin sign, and no name asked about holds a "k".
 */
export function spells(text: string, at: number, name: string): boolean {
  for (let k = 0; k < name.length; k++) {
    const want = name.charCodeAt(k);
    const c = text.charCodeAt(at + k);
    // Setting bit 5 lowercases A–Z; only letters may match that way (it also maps some controls onto digits).
    if (c !== want && (want < 97 || (c | 32) !== want)) return false;
  }
  return true;
}

const LONGEST_NAME = 10;
const SLOT_MASK = 255;

function nameHash(hash: number, lowerCode: number): number {
  return (Math.imul(hash, 31) + lowerCode) | 0;
}

/** Open-addressed table of the known tag numbers by {@link nameHash}; 0 marks an empty slot. */
const SLOTS: Uint8Array = buildSlots();

function buildNames(): string[] {
  const names = new Array<string>(TAG_COUNT).fill("");
  names[DOCUMENT] = "#document";
  for (const [name, kind] of Object.entries(Tag)) names[kind] = name;
  return names;
}

function buildSlots(): Uint8Array {
  const slots = new Uint8Array(SLOT_MASK + 1);
  for (const [name, kind] of Object.entries(Tag)) {
    let hash = 0;
    for (let i = 0; i < name.length; i++) hash = nameHash(hash, name.charCodeAt(i));
    let slot = hash & SLOT_MASK;
    while (slots[slot] !== 0) slot = (slot + 1) & SLOT_MASK;
    slots[slot] = kind;
  }
  return slots;
}

/** Facts about a tag, as bits of {@link TAG_FLAGS}. */
export const TagFlag = {
  /** Takes no children (`<br>`, `<img>`). */
  Void: 1,
  /** Its start tag closes an open `<p>`, as in the HTML standard. */
  ClosesP: 2,
  /** Makes a line break in rendered text. */
  Block: 4,
  /** Its text is no page content a reader sees (scripts, styles, `<title>`). */
  Unread: 8,
  /** `<h1>`–`<h6>`. */
  Heading: 16,
  /** Its content is text up to its own end tag, never markup. */
  RawText: 32,
  /** Scripts, styles, embedded objects, form controls, `<head>`: always left out. */
  Code: 64,
  /** Page furniture by its tag: `<nav>`, `<menu>`, `<aside>`, `<header>`, `<footer>`. */
  Furniture: 128,
  /** Never dropped for a class or id word: the page itself and its main content. */
  NeverFurniture: 256,
  /** Rendered as a code span outside `<pre>`. */
  CodeSpan: 512,
  /** Where a search for an open `<p>` stops (the standard's "scope"). */
  Scope: 1024,
  /** Where a search for an open `<li>` stops. */
  ListScope: 2048,
  /** Where a search for an open `<dt>`/`<dd>` stops. */
  DefinitionScope: 4096,
  /** Where a search for an open row or table section stops. */
  TableScope: 8192,
  /** Where a search for an open cell stops. */
  RowScope: 16384,
  /** Where a search for an open `<option>` stops. */
  SelectScope: 32768,
  /** A list that may render with bullets or numbers, or hold items (`<ul>`, `<ol>`, `<dl>`, `<menu>`). */
  List: 65536,
} as const;

type TagName = keyof typeof Tag;

const FLAG_MEMBERS: ReadonlyArray<readonly [number, readonly TagName[]]> = [
  [
    TagFlag.Void,
    [
      "area",
      "base",
      "br",
      "col",
      "embed",
      "hr",
      "img",
      "input",
      "keygen",
      "link",
      "meta",
      "param",
      "source",
      "track",
      "wbr",
      "frame",
      "basefont",
      "bgsound",
    ],
  ],
  [
    TagFlag.ClosesP,
    [
      "address",
      "article",
      "aside",
      "blockquote",
      "center",
      "details",
      "dialog",
      "dir",
      "div",
      "dl",
      "fieldset",
      "figcaption",
      "figure",
      "footer",
      "form",
      "h1",
      "h2",
      "h3",
      "h4",
      "h5",
      "h6",
      "header",
      "hgroup",
      "hr",
      "li",
      "dd",
      "dt",
      "main",
      "menu",
      "nav",
      "ol",
      "p",
      "pre",
      "section",
      "summary",
      "table",
      "ul",
    ],
  ],
  [
    TagFlag.Unread,
    ["script", "style", "noscript", "template", "title", "textarea", "iframe", "noembed", "noframes", "xmp"],
  ],
  [TagFlag.Heading, ["h1", "h2", "h3", "h4", "h5", "h6"]],
  [TagFlag.RawText, ["script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "textarea", "title"]],
  [
    TagFlag.Code,
    [
      "head",
      "script",
      "style",
      "noscript",
      "template",
      "svg",
      "math",
      "canvas",
      "iframe",
      "object",
      "embed",
      "applet",
      "audio",
      "video",
      "map",
      "button",
      "select",
      "input",
      "datalist",
      "link",
      "meta",
      "base",
      "frameset",
      "frame",
      "noframes",
      "noembed",
      "source",
      "track",
      "param",
      "title",
    ],
  ],
  [TagFlag.Furniture, ["nav", "menu", "aside", "footer", "header"]],
  [TagFlag.NeverFurniture, ["html", "body", "main", "article"]],
  [TagFlag.CodeSpan, ["code", "kbd", "samp", "tt"]],
  [
    TagFlag.Scope,
    ["table", "td", "th", "caption", "html", "body", "template", "button", "object", "marquee", "applet"],
  ],
  [
    TagFlag.ListScope,
    [
      "table",
      "td",
      "th",
      "caption",
      "html",
      "body",
      "template",
      "button",
      "object",
      "marquee",
      "applet",
      "ul",
      "ol",
      "menu",
    ],
  ],
  [
    TagFlag.DefinitionScope,
    ["table", "td", "th", "caption", "html", "body", "template", "button", "object", "marquee", "applet", "dl"],
  ],
  [TagFlag.TableScope, ["table", "html", "template"]],
  [TagFlag.RowScope, ["tr", "table", "html", "template"]],
  [TagFlag.SelectScope, ["select", "datalist", "optgroup", "html"]],
  [TagFlag.List, ["ul", "ol", "dl", "menu"]],
];

/** Elements that break a line besides those that close a `<p>`. */
const OTHER_BLOCKS: readonly TagName[] = [
  "body",
  "html",
  "caption",
  "tr",
  "td",
  "th",
  "thead",
  "tbody",
  "tfoot",
  "option",
  "legend",
  "noscript",
  "template",
];

/** {@link TagFlag} bits of each tag number. */
export const TAG_FLAGS: Uint32Array = buildFlags();

function buildFlags(): Uint32Array {
  const flags = new Uint32Array(TAG_COUNT);
  for (const [bit, names] of FLAG_MEMBERS) for (const name of names) flags[Tag[name]] |= bit;
  for (let t = 0; t < TAG_COUNT; t++) if ((flags[t] & TagFlag.ClosesP) !== 0) flags[t] |= TagFlag.Block;
  for (const name of OTHER_BLOCKS) flags[Tag[name]] |= TagFlag.Block;
  return flags;
}
