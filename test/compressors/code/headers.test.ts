import { describe, expect, it } from "vitest";
import { functionName, isTypeContext } from "../../../src/compressors/code/headers.js";

describe("block headers", () => {
  it("names Go functions, methods and literals", () => {
    expect(functionName("go", "func (c *Command) Run() error")).toBe("Run");
    expect(functionName("go", "func main()")).toBe("main");
    expect(functionName("go", "handler := func(w http.ResponseWriter)")).toBe("handler");
    expect(functionName("go", "type Command struct")).toBeNull();
    expect(functionName("go", "if err != nil")).toBeNull();
  });

  it("names Rust functions and macros, not impls or traits", () => {
    expect(functionName("rust", "pub fn get<I: Index>(&self, index: I) -> Option<&Value>")).toBe("get");
    expect(functionName("rust", "#[inline] pub(crate) async fn run()")).toBe("run");
    expect(functionName("rust", "macro_rules! json")).toBe("macro json");
    expect(functionName("rust", "impl<'a> Display for Value<'a>")).toBeNull();
    expect(functionName("rust", "pub trait Show")).toBeNull();
  });

  it("names Java methods and constructors, not classes, control flow or anonymous classes", () => {
    expect(functionName("java", "@Override public <T> T create(final Class<T> service)")).toBe("create");
    expect(functionName("java", "public Builder(Platform platform) throws IOException")).toBe("Builder");
    expect(functionName("java", "static")).toBe("static initializer");
    expect(functionName("java", "public static final class Builder")).toBeNull();
    expect(functionName("java", "record Point(int x, int y)")).toBeNull();
    expect(functionName("java", "} else if (x > 0)")).toBeNull();
    expect(functionName("java", "Runnable r = new Runnable()")).toBeNull();
  });

  it("names TypeScript functions, methods and arrow functions", () => {
    expect(functionName("typescript", "export async function load(path: string): Promise<void>")).toBe("load");
    expect(functionName("typescript", "export const parse = (source: string): string[] =>")).toBe("parse");
    expect(functionName("typescript", "async load(path: string): Promise<string>")).toBe("load");
    expect(functionName("typescript", "@Get(':id') findOne(@Param('id') id: string)")).toBe("findOne");
    expect(functionName("typescript", 'describe("x", () =>')).toBe("describe callback");
    expect(functionName("typescript", "export class Loader")).toBeNull();
    expect(functionName("typescript", "for (const x of xs)")).toBeNull();
    expect(functionName("typescript", "foo():")).toBeNull();
  });

  it("knows TypeScript type contexts", () => {
    expect(isTypeContext("typescript", "export interface A")).toBe(true);
    expect(isTypeContext("typescript", "type A =")).toBe(true);
    expect(isTypeContext("typescript", "declare namespace Dispatcher")).toBe(true);
    expect(isTypeContext("typescript", "export class A")).toBe(false);
    expect(isTypeContext("go", "type A interface")).toBe(false);
  });
});
