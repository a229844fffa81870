// The textual passes of the trace build. The trace build is peggy's own output (generateJS with
// its `trace` option): the grammar of record, the parser of explain() and of error details, whose
// tracer events must be exactly peggy's. peggy 5.1 writes that module from fixed templates and
// offers no option or hook for what these passes change (where it declares its constants, how it
// tests a class or a literal, what its failure function and its trace events do, how its error
// message escapes characters), and none of it is in the AST or in the bytecode that a pass could
// change instead. So each of these passes rewrites the text generateJS wrote, after checking that
// it has exactly the shape the pass expects, and stops the build otherwise (peggy is pinned; an
// upgrade must revisit them). Measured on the corpus, the trace build's parse takes about 2.3
// times as long without them (explain() and every rejected input's details run it).

/** Stops the build: the text is not what peggy 5.1 writes. */
export function refuse(pass, what) {
  throw new Error(`${pass}: ${what} (did the peggy output change?)`);
}

/** A generate pass that rewrites the module text generateJS left in ast.code. */
export function textPass(name, rewrite) {
  const pass = (ast) => { ast.code = rewrite(String(ast.code)); };
  Object.defineProperty(pass, "name", { value: name });
  return pass;
}
