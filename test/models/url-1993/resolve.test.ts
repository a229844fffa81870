// The partial form of the 1993 URL draft (section "PARTIAL FORM"), rule by rule, through the public
// API. The section gives no examples; each case here is one of its rules applied to the context
// locator below.
import { resolve, resolveReference, ResolveError, Url1993 } from "../../../src/index.js";

const edition = "url-1993" as const;
const context = "http://info.cern.ch/hypertext/WWW/Addressing/URL.html";
const at = (partial: string) => resolve(context, partial, { edition });

describe("PARTIAL FORM", () => {
  test("a full form has a colon before any slash, and stands for itself", () => {
    expect(Url1993.isFullForm("news:comp.text")).toBe(true);
    expect(Url1993.isFullForm("a/b:c")).toBe(false);
    expect(at("news:comp.text")).toBe("news:comp.text");
    expect(at("ftp://info.cern.ch/pub")).toBe("ftp://info.cern.ch/pub");
  });
  test("if the host and/or port are different, the host, port and all the rest are given", () => {
    expect(at("//other.host:8001/x")).toBe("http://other.host:8001/x");
  });
  test("a leading slash: the path is absolute, taken as it is (the dot rule is the relative path's second step)", () => {
    expect(at("/pub/x")).toBe("http://info.cern.ch/pub/x");
    expect(at("/./g")).toBe("http://info.cern.ch/./g");
    expect(at("/a/../g")).toBe("http://info.cern.ch/a/../g");
  });
  test("a relative path replaces what follows the rightmost slash of the context's path", () => {
    expect(at("Overview.html")).toBe("http://info.cern.ch/hypertext/WWW/Addressing/Overview.html");
    expect(at("x/y?s#f")).toBe("http://info.cern.ch/hypertext/WWW/Addressing/x/y?s#f");
  });
  test("\"/xxx/..\" and \"/.\" are removed recursively, as complete path elements", () => {
    expect(at("../TheProject.html")).toBe("http://info.cern.ch/hypertext/WWW/TheProject.html");
    expect(at("./a/./b/../c")).toBe("http://info.cern.ch/hypertext/WWW/Addressing/a/c");
    expect(at("../../../g")).toBe("http://info.cern.ch/g");
    expect(at("..x/g")).toBe("http://info.cern.ch/hypertext/WWW/Addressing/..x/g");
    expect(Url1993.removeDots("/a/b/..")).toBe("/a");
    expect(Url1993.removeDots("/a/.")).toBe("/a");
    expect(Url1993.removeDots("/../a")).toBe("/../a");
  });
  test("the note: a context path ending in a slash is treated differently", () => {
    expect(resolve("http://a/b/c", "d", { edition })).toBe("http://a/b/d");
    expect(resolve("http://a/b/c/", "d", { edition })).toBe("http://a/b/c/d");
  });
  test("resolveReference() gives the Url", () => {
    expect(resolveReference(context, "/pub/x", { edition })).toMatchObject({ production: "httpaddress", path: "pub/x" });
  });
  test("a base that is no URL, and a result that is none, are ResolveErrors", () => {
    expect(() => resolve("not a url", "x", { edition })).toThrow(ResolveError);
    expect(() => at("~x")).toThrow(ResolveError);
  });
  test("time is linear: many dot segments", () => {
    expect(at("./".repeat(50000) + "g")).toBe("http://info.cern.ch/hypertext/WWW/Addressing/g");
  });
});
