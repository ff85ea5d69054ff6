import { describe, expect, it } from "vitest";
import { maskTokens, TemplateMiner } from "../../../src/compressors/log/templates.js";

describe("log templates", () => {
  it("masks a URL token as a whole and keeps the punctuation around it", () => {
    expect(maskTokens("GET (https://x.org/a?b=1), done")).toEqual(["GET", "(<url>),", "done"]);
    expect(maskTokens("see <http://h:8080/p>. ok")).toEqual(["see", "<<url>>.", "ok"]);
  });

  it("masks a key=value token holding a URL as a URL", () => {
    expect(maskTokens("key=http://x/y")).toEqual(["<url>"]);
  });

  it("keeps a quoted field one token even when it holds a URL", () => {
    expect(maskTokens('href="http://a/b c" x')).toEqual(['href="<str>"', "x"]);
  });

  it("puts lines that differ only in their URLs and numbers into one cluster", () => {
    const miner = new TemplateMiner();
    const a = miner.assign("npm http fetch GET 200 https://registry.npmjs.org/a/-/a-1.0.0.tgz 12ms (cache hit)", 0);
    const b = miner.assign("npm http fetch GET 200 https://registry.npmjs.org/b/-/b-2.1.0.tgz 7ms (cache hit)", 1);
    expect(b).toBe(a);
    expect(miner.clusters[a].count).toBe(2);
  });

  it("keeps a cluster.s template apart from the tokens of lines assigned after it", () => {
    const miner = new TemplateMiner();
    miner.assign("worker started pool alpha", 0);
    miner.assign("worker started pool beta", 1);
    miner.assign("shutdown requested by operator now", 2);
    expect(miner.clusters[0].tokens).toEqual(["worker", "started", "pool", "<*>"]);
    expect(miner.clusters[0].first).toBe(0);
  });
});
