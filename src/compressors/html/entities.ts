/**
 * HTML character references: numeric ones in full, named ones from a short
 * table of those that real pages use. The full HTML table has 2 231 names
 * and would triple the size of the HTML compressor; an unknown name stays as
 * written (`&frac78;`), which a reader still understands.
 */

/** Named references decoded, without the `&` and `;`. */
const NAMED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  copy: "©",
  reg: "®",
  trade: "™",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  minus: "−",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  lsaquo: "‹",
  rsaquo: "›",
  bull: "•",
  middot: "·",
  para: "¶",
  sect: "§",
  dagger: "†",
  Dagger: "‡",
  larr: "←",
  uarr: "↑",
  rarr: "→",
  darr: "↓",
  harr: "↔",
  lArr: "⇐",
  rArr: "⇒",
  hArr: "⇔",
  times: "×",
  divide: "÷",
  plusmn: "±",
  deg: "°",
  micro: "µ",
  prime: "′",
  Prime: "″",
  permil: "‰",
  le: "≤",
  ge: "≥",
  ne: "≠",
  asymp: "≈",
  equiv: "≡",
  infin: "∞",
  sum: "∑",
  prod: "∏",
  radic: "√",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  sup1: "¹",
  sup2: "²",
  sup3: "³",
  ordf: "ª",
  ordm: "º",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  curren: "¤",
  iexcl: "¡",
  iquest: "¿",
  shy: "",
  zwj: "",
  zwnj: "",
  lrm: "",
  rlm: "",
  ensp: " ",
  emsp: " ",
  thinsp: " ",
  ZeroWidthSpace: "",
  check: "✓",
  cross: "✗",
  star: "☆",
  starf: "★",
  hearts: "♥",
  loz: "◊",
  crarr: "↵",
  Agrave: "À",
  Aacute: "Á",
  Acirc: "Â",
  Atilde: "Ã",
  Auml: "Ä",
  Aring: "Å",
  AElig: "Æ",
  Ccedil: "Ç",
  Egrave: "È",
  Eacute: "É",
  Ecirc: "Ê",
  Euml: "Ë",
  Igrave: "Ì",
  Iacute: "Í",
  Icirc: "Î",
  Iuml: "Ï",
  Ntilde: "Ñ",
  Ograve: "Ò",
  Oacute: "Ó",
  Ocirc: "Ô",
  Otilde: "Õ",
  Ouml: "Ö",
  Oslash: "Ø",
  Ugrave: "Ù",
  Uacute: "Ú",
  Ucirc: "Û",
  Uuml: "Ü",
  Yacute: "Ý",
  szlig: "ß",
  agrave: "à",
  aacute: "á",
  acirc: "â",
  atilde: "ã",
  auml: "ä",
  aring: "å",
  aelig: "æ",
  ccedil: "ç",
  egrave: "è",
  eacute: "é",
  ecirc: "ê",
  euml: "ë",
  igrave: "ì",
  iacute: "í",
  icirc: "î",
  iuml: "ï",
  ntilde: "ñ",
  ograve: "ò",
  oacute: "ó",
  ocirc: "ô",
  otilde: "õ",
  ouml: "ö",
  oslash: "ø",
  ugrave: "ù",
  uacute: "ú",
  ucirc: "û",
  uuml: "ü",
  yacute: "ý",
  yuml: "ÿ",
  eth: "ð",
  thorn: "þ",
  alpha: "α",
  beta: "β",
  gamma: "γ",
  delta: "δ",
  epsilon: "ε",
  lambda: "λ",
  mu: "μ",
  pi: "π",
  sigma: "σ",
  tau: "τ",
  phi: "φ",
  omega: "ω",
  Delta: "Δ",
  Sigma: "Σ",
  Omega: "Ω",
};

/** The few legacy names browsers also decode without a `;` (`&copy 2015`). */
const LEGACY = new Set(["amp", "lt", "gt", "quot", "nbsp", "copy", "reg"]);

/**
 * Code points 0x80–0x9F in a numeric reference mean windows-1252 characters
 * (the HTML standard's table); its five unassigned slots stay as they are.
 */
const WINDOWS_1252 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/** Longest name in {@link NAMED}, so a scan for `;` never runs far. */
const MAX_NAME = 16;

function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** The character(s) for a numeric reference's value, as the HTML standard maps it. */
function fromCodePoint(value: number): string {
  if (value === 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) return "\ufffd";
  if (value >= 0x80 && value <= 0x9f) return WINDOWS_1252[value - 0x80];
  return String.fromCodePoint(value);
}

/**
 * Decodes the character references of `text` (`&lt;`, `&#169;`, `&#x2014;`,
 * `&nbsp;`→ a plain space, since a non-breaking space is layout, not content).
 * A linear scan; text without `&` comes back as the same string.
 */
export function decodeEntities(text: string): string {
  let amp = text.indexOf("&");
  if (amp < 0) return text;
  const n = text.length;
  let out = "";
  let copied = 0;
  while (amp >= 0) {
    let end = -1;
    let value = "";
    if (amp + 1 < n && text.charCodeAt(amp + 1) === 35 /* # */) {
      let i = amp + 2;
      const hex = i < n && (text.charCodeAt(i) | 32) === 120; /* x */
      if (hex) i++;
      const digits = i;
      let code = 0;
      while (i < n && (hex ? isHex(text.charCodeAt(i)) : isDigit(text.charCodeAt(i)))) {
        // Saturate instead of overflowing: anything past 0x10FFFF is U+FFFD anyway.
        if (code <= 0x10ffff) code = code * (hex ? 16 : 10) + parseInt(text[i], 16);
        i++;
      }
      if (i > digits) {
        end = i < n && text.charCodeAt(i) === 59 /* ; */ ? i + 1 : i;
        value = fromCodePoint(code);
      }
    } else {
      let i = amp + 1;
      while (i < n && i - amp <= MAX_NAME && isAlnum(text.charCodeAt(i))) i++;
      const name = text.slice(amp + 1, i);
      const known = Object.hasOwn(NAMED, name);
      if (known && i < n && text.charCodeAt(i) === 59) {
        end = i + 1;
        value = NAMED[name];
      } else if (known && LEGACY.has(name) && !((i < n && text.charCodeAt(i) === 61) /* = */)) {
        end = i;
        value = NAMED[name];
      }
    }
    if (end > 0) {
      out += text.slice(copied, amp) + value;
      copied = end;
    }
    amp = text.indexOf("&", end > 0 ? end : amp + 1);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
