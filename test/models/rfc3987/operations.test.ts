// The operations of the rfc3987 edition (operations.ts), run here on the rfc3986 edition's grammar,
// whose references are the same for US-ASCII text: what is checked is the plumbing (parsing first,
// the options, the errors), not the characters, which the other tests check from the document.
import { EDITIONS, UriSyntaxError } from "../../../src/index.js";
import type { Edition } from "../../../src/edition.js";
import { IriMappingError } from "../../../src/errors.js";
import { OPERATIONS, auditIn, equivalentIn, iriToUriIn, normalizeIn, uriToIriIn } from "../../../src/models/rfc3987/operations.js";

const edition = EDITIONS.rfc3986 as unknown as Edition;

describe("rfc3987 operations on an edition", () => {
  it("iriToUri and uriToIri check the text against the edition's reference rule first", () => {
    expect(iriToUriIn(edition, "http://a/%7e?b", undefined)).toBe("http://a/%7e?b");
    expect(() => iriToUriIn(edition, "http://a/[", undefined)).toThrow(UriSyntaxError);
    expect(iriToUriIn(edition, "http://a/b c", { ascii: "percent-encode" })).toBe("http://a/b%20c");
    expect(() => iriToUriIn(edition, "http://a/#b#c", { ascii: "percent-encode" })).toThrow(UriSyntaxError);
    expect(uriToIriIn(edition, "http://a/%7e%2F", undefined)).toBe("http://a/~%2F");
    expect(() => uriToIriIn(edition, "http://a/\u00E9", undefined)).toThrow(IriMappingError);
    expect(() => uriToIriIn(edition, "http://a/ ", undefined)).toThrow(UriSyntaxError);
    expect(() => iriToUriIn(edition, 1, undefined)).toThrow(TypeError);
    expect(() => iriToUriIn(edition, "a", { host: "x" })).toThrow(TypeError);
    expect(() => uriToIriIn(edition, "a", { decodeLookalikes: 1 })).toThrow(TypeError);
  });

  it("normalize, equivalent and audit take strings", () => {
    expect(String(normalizeIn(edition, "HTTP://A/./%7e", undefined, "normalize"))).toBe("http://a/~");
    expect(String(normalizeIn(edition, "HTTP://A", { scheme: false, characters: "nfc" }, "normalize"))).toBe("http://a");
    expect(equivalentIn(edition, "http://a", "HTTP://A:80/", undefined)).toBe(true);
    expect(equivalentIn(edition, "http://a", "HTTP://A:80/", { ladder: "syntax" })).toBe(false);
    expect(() => equivalentIn(edition, "http://a", "http://a", { characters: "nfd" })).toThrow(TypeError);
    expect(auditIn(edition, "http://u:p@a:25/", undefined, "audit").map((f) => f.code)).toEqual(["userinfo", "password", "port-other-protocol"]);
    expect(() => auditIn(edition, "http://a/[", undefined, "audit")).toThrow(UriSyntaxError);
    expect(() => auditIn(edition, "http://a/", { minSeverity: "x" }, "audit")).toThrow(TypeError);
    expect(OPERATIONS.normalize).toBe(normalizeIn);
  });
});
