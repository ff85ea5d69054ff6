// Corpus-like inputs for the kernel benchmark (bench/kernels.mjs): one text per
// class and size, built by repeating real corpus cases (Node only) and cut to
// an exact length in UTF-16 code units, so every kernel sees the same bytes.
import { loadCorpus } from "./corpus.mjs";

/** Input sizes in UTF-16 code units ("chars"). */
export const SIZES = [
  { label: "1 KB", chars: 1024 },
  { label: "100 KB", chars: 100 * 1024 },
  { label: "10 MB", chars: 10 * 1024 * 1024 },
];

/** Repeats `parts` (joined by "\n") until `chars` code units, then cuts there. */
function fill(parts, chars) {
  const unit = parts.join("\n") + "\n";
  const text = unit.length >= chars ? unit : unit.repeat(Math.ceil(chars / unit.length));
  // Never cut between the halves of a surrogate pair.
  const end = /[\ud800-\udbff]/.test(text[chars - 1] ?? "") ? chars - 1 : chars;
  return text.slice(0, end);
}

/** Pretty and minified JSON made from the corpus JSON cases that parse. */
function jsonValues(cases) {
  const values = [];
  for (const c of cases) {
    if (c.class !== "json" && c.id !== "adversarial-deep-nesting-acorn-ast") continue;
    try {
      values.push(JSON.parse(c.text));
    } catch {
      // Not every JSON-ish case is one document; skip those.
    }
  }
  return values;
}

// Common Chinese words and punctuation for the CJK class: deterministic,
// prose-like (word lengths 1–4, a comma or full stop every few words).
const CJK_WORDS = [
  "我们",
  "工具",
  "输出",
  "压缩",
  "模型",
  "上下文",
  "信息",
  "内容",
  "原始",
  "存储",
  "标记",
  "测试",
  "失败",
  "错误",
  "日志",
  "重复",
  "进度",
  "代码",
  "文件",
  "函数",
  "返回",
  "结果",
  "用户",
  "请求",
  "服务",
  "数据",
  "的",
  "了",
  "在",
  "是",
  "和",
  "可以",
  "需要",
  "如果",
  "因为",
  "所以",
  "但是",
  "这个",
  "一个",
  "已经",
  "运行",
  "构建",
  "版本",
  "依赖",
  "安装",
  "配置",
  "问题",
  "修复",
  "更新",
  "删除",
  "保存",
  "读取",
  "写入",
];

/** Deterministic CJK prose of at least `chars` code units (LCG, fixed seed). */
function cjkProse(chars) {
  let seed = 20241130;
  const next = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const out = [];
  let length = 0;
  while (length < chars) {
    const sentence = [];
    const words = 6 + next(10);
    for (let w = 0; w < words; w++) {
      sentence.push(CJK_WORDS[next(CJK_WORDS.length)]);
      if (w < words - 1 && next(5) === 0) sentence.push("，");
    }
    const line = sentence.join("") + (next(4) === 0 ? "。\n" : "。");
    out.push(line);
    length += line.length;
  }
  return out.join("");
}

/**
 * The benchmark inputs: `{ className, sizeLabel, chars, text }` for every class
 * (prose, json-min, json-pretty, code, ansi-log, cjk) and size.
 */
export function benchInputs(sizes = SIZES) {
  const cases = loadCorpus();
  const json = jsonValues(cases);
  const isAnsiLog = (c) => c.class === "terminal" || (c.class === "log" && c.text.includes("\x1b["));
  const sources = {
    prose: cases.filter((c) => c.class === "markdown").map((c) => c.text),
    "json-min": json.map((v) => JSON.stringify(v)),
    "json-pretty": json.map((v) => JSON.stringify(v, null, 2)),
    code: cases.filter((c) => c.class === "code").map((c) => c.text),
    "ansi-log": cases.filter(isAnsiLog).map((c) => c.text),
  };
  const largest = Math.max(...sizes.map((s) => s.chars));
  const cjk = cjkProse(largest);
  const inputs = [];
  for (const [className, parts] of Object.entries(sources)) {
    for (const size of sizes)
      inputs.push({ className, sizeLabel: size.label, chars: size.chars, text: fill(parts, size.chars) });
  }
  for (const size of sizes)
    inputs.push({ className: "cjk", sizeLabel: size.label, chars: size.chars, text: cjk.slice(0, size.chars) });
  return inputs;
}

/** The classes whose text is ASCII (or nearly), for goals stated on ASCII input. */
export const ASCII_CLASSES = ["prose", "json-min", "json-pretty", "code", "ansi-log"];
