// The guided tour of the grammar's history (docs/history.tsv, src/tour.ts): every stop's claim is
// what the editions say now, and a claim the editions do not bear out is caught.
import { EDITIONS, tour, type TourRow } from "../src/index.js";
import { tourStop } from "../src/tour.js";

const stops = tour();
const ids = Object.keys(EDITIONS);

describe("the tour", () => {
  test("runs from 1993 to 2005 in a dozen stops or more, in every kind", () => {
    expect(stops.length).toBeGreaterThanOrEqual(12);
    expect(new Set(stops.map((s) => s.kind))).toEqual(new Set(["editions", "diff", "resolve", "normalize"]));
    expect(new Set(stops.map((s) => s.title)).size).toBe(stops.length);
  });

  test.each(stops.map((s) => [s.title, s]))("%s: the claim holds", (_title, s) => {
    if (s.changes) expect({ title: s.title, changes: s.changes.join(" ") }).toEqual({ title: s.title, changes: s.claim });
    else expect(s.diff!.map((c) => [c.rule, c.found])).toEqual(s.diff!.map((c) => [c.rule, c.claimed]));
    expect(s.holds).toBe(true);
  });

  test("the answers are every edition's, oldest first (those with the rule)", () => {
    for (const s of stops.filter((x) => x.answers)) {
      const listed = s.answers!.map((a) => a.edition);
      expect(listed).toEqual(ids.filter((id) => listed.includes(id)));
      if (s.kind !== "editions" || s.rule === undefined) expect(listed).toEqual(ids);
    }
  });

  test("the points the issue asks for are stops", () => {
    const by = (title: string) => stops.find((s) => s.title === title)!;
    const answer = (title: string, edition: string) => by(title).answers!.find((a) => a.edition === edition)!.value;
    expect(answer("A space", "url-1993")).toBe("valid");
    expect(answer("The tilde", "url-1993")).toBe("invalid");
    expect(answer("name=value in the query", "url-1993")).toBe("invalid");
    expect(by("site becomes authority").diff).toContainEqual({ rule: "site", claimed: ">authority", found: ">authority" });
    expect(by('"$" and "," become reserved').diff).toContainEqual({ rule: "mark", claimed: "-$,", found: "-$," });
    expect(answer("IPv6 literals arrive", "rfc2396")).toBe("invalid");
    expect(answer("IPv6 literals arrive", "rfc2396bis-01")).toBe("valid");
  });
});

describe("a claim that is not so is caught", () => {
  const row = (over: Partial<TourRow>): TourRow => ({ kind: "editions", input: "http://a/b c", claim: "uri-syntax-01", title: "t", point: "p", ...over });
  test("a verdict that changes elsewhere", () => {
    expect(tourStop(row({})).holds).toBe(true);
    expect(tourStop(row({ claim: "rfc2396" })).holds).toBe(false);
    expect(tourStop(row({ claim: "uri-syntax-01 rfc3986" })).holds).toBe(false);
  });
  test("a rename or a change of characters that did not happen", () => {
    const diff = (claim: string) => tourStop(row({ kind: "diff", input: "uri-syntax-01 uri-syntax-02", claim })).holds;
    expect(diff("site >authority")).toBe(true);
    expect(diff("site >reg_name")).toBe(false);
    expect(diff("mark -$")).toBe(false);
    expect(diff("mark +$,")).toBe(false);
    expect(diff("reserved +$,")).toBe(true);
  });
  test("a result that changes elsewhere", () => {
    expect(tourStop(row({ kind: "resolve", input: "http://a/b/c/d;p?q /./g", claim: "rfc3986" })).holds).toBe(true);
    expect(tourStop(row({ kind: "resolve", input: "http://a/b/c/d;p?q /./g", claim: "rfc2396" })).holds).toBe(false);
    const normalize = tourStop(row({ kind: "normalize", input: "http://a/%24", claim: "uri-syntax-01 uri-syntax-02" }));
    expect(normalize.answers!.map((a) => a.value)).toEqual(["—", "http://a/$", "http://a/%24", "http://a/%24", "http://a/%24", "http://a/%24", "http://a/%24"]);
    expect(normalize.holds).toBe(true);
  });
});
