import { describe, expect, it } from "vitest";
import { indexStructured } from "../../../src/indexing/structured/index.ts";
import { allNodes, nodeTitled, outline } from "./helpers.ts";

const page = `<!DOCTYPE html>
<html lang="en">
<head><title>Gear Handbook</title><style>h1 { color: red }</style><script>var h2 = "<h2>not a heading</h2>";</script></head>
<body>
<header><h1>Example Site</h1><nav><ul><li><a href="/">Home</a></li><li><a href="/blog">Blog</a></li></ul></nav></header>
<main>
  <p>Welcome to the handbook.</p>
  <h1>Gears</h1>
  <p>Gears transmit <em>torque</em>.</p>
  <section>
    <h2>Spur gears</h2>
    <p>Spur gears have straight teeth.</p>
    <table><tr><th>Teeth</th><th>Ratio</th></tr><tr><td>12</td><td>1:2</td></tr></table>
    <h4>Noise</h4>
    <ul><li>Spur gears are loud</li><li>Helical gears are quiet</li></ul>
  </section>
  <h2>Bevel gears</h2>
  <p>Bevel gears turn corners.</p>
</main>
<footer><p>Copyright footer text</p></footer>
</body></html>`;

describe("HTML (rehype-parse / hast)", () => {
  it("makes the tree from h1-h6 of the main content, levels as written, title from <title>", async () => {
    const doc = await indexStructured("html", Buffer.from(page), { fileName: "handbook.html" });
    expect(doc.tocSource).toBe("html_headings");
    expect(outline(doc.tree)).toEqual(["Gear Handbook", "Gears", "  Spur gears", "    Noise", "  Bevel gears"]);
    // The written level is kept in the node text even where a level is skipped (h2 -> h4).
    expect(nodeTitled(doc.tree, "Noise").text).toMatch(/^#### Noise\n/);
    // Lines are the headings' lines in the file.
    expect(nodeTitled(doc.tree, "Gears").line_num).toBe(page.split("\n").findIndex((l) => l.includes("<h1>Gears")) + 1);
    expect(doc.pageCount).toBe(0);
    expect(allNodes(doc.tree).every((n) => n.start_index === undefined)).toBe(true);
  });

  it("keeps navigation, header, footer, scripts and styles out, and tables as Markdown tables", async () => {
    const doc = await indexStructured("html", Buffer.from(page), { fileName: "handbook.html" });
    const text = allNodes(doc.tree).map((n) => n.text).join("\n");
    expect(text).not.toMatch(/Example Site|Blog|Copyright|not a heading|color: red/);
    expect(nodeTitled(doc.tree, "Spur gears").text).toMatch(/\| Teeth \| Ratio \|\n\| -+ \| -+ \|\n\| 12 +\| 1:2 +\|/);
    expect(nodeTitled(doc.tree, "Noise").text).toContain("- Spur gears are loud\n- Helical gears are quiet");
    expect(nodeTitled(doc.tree, "Gears").text).toBe("# Gears\n\nGears transmit *torque*.");
    expect(nodeTitled(doc.tree, "Gear Handbook").text).toBe("Welcome to the handbook.");
    expect(nodeTitled(doc.tree, "Gears").summary).toContain("Gears transmit torque.");
  });

  it("reads an <article> when there is no <main>, the body otherwise, and titles by the first heading without <title>", async () => {
    const article = await indexStructured("html", Buffer.from("<html><body><div>Sidebar words</div><article><h2>Post</h2><p>Body text.</p></article></body></html>"), { fileName: "p.html" });
    expect(outline(article.tree)).toEqual(["Post"]);
    expect(JSON.stringify(article.tree)).not.toContain("Sidebar");
    const fragment = await indexStructured("html", Buffer.from("<p>Lead.</p><h3>Only</h3><p>x</p>"), { fileName: "frag.html" });
    expect(outline(fragment.tree)).toEqual(["Only", "Only"]);
  });

  it("decodes a legacy encoding declared by <meta charset>", async () => {
    const latin1 = Buffer.from('<html><head><meta charset="iso-8859-1"><title>Caf\xe9</title></head><body><h1>Men\xfc</h1><p>Cr\xe8me br\xfbl\xe9e</p></body></html>', "latin1");
    const doc = await indexStructured("html", latin1, { fileName: "menu.html" });
    expect(outline(doc.tree)).toEqual(["Menü"]);
    expect(doc.tree[0].text).toContain("Crème brûlée");
  });
});
