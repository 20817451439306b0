package org.reusedetector.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * Hostile nesting (issue 25): pages of thousands of unclosed or deeply nested tags. Their chunks are spelled out,
 * and the work of the stack of open elements is counted, not timed: it must grow with the number of tags, not with
 * how deep they nest.
 */
class DeepNestingTest {

    private static final Set<String> TAGS = Set.of("p", "div");
    private static final HtmlChunker JSOUP = new HtmlChunker(TAGS, ContentForm.TEXT);

    private static List<String> chunks(int maxDepth, String html) {
        return new TokenizingChunker(TAGS, maxDepth).chunk(html);
    }

    /** {@code <div>a} a thousand times, then {@code </div>b} a thousand times. */
    private static final String DIVS_WITH_TEXT = "<div>a".repeat(1000) + "</div>b".repeat(1000);

    @Test
    void aThousandNestedDivsChunkAsJsoupWithoutADepthLimit() {
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 999; i++) {
            expected.add("a");
        }
        expected.add("a" + " b".repeat(1000)); // each </div> closes a block: the b's stay apart
        assertThat(chunks(Integer.MAX_VALUE, DIVS_WITH_TEXT))
                .isEqualTo(expected)
                .isEqualTo(JSOUP.chunk(DIVS_WITH_TEXT));
    }

    @Test
    void beyondTheDepthLimitEachNewElementClosesTheDeepestFirst() {
        // the root html and MAX_DEPTH - 1 divs are open at most: the rest of the </div> tags have nothing to close
        int open = TokenizingChunker.MAX_DEPTH - 1;
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 999; i++) {
            expected.add("a");
        }
        expected.add("a" + " b".repeat(open) + "b".repeat(1000 - open));
        assertThat(new TokenizingChunker(TAGS).chunk(DIVS_WITH_TEXT)).isEqualTo(expected);
    }

    @Test
    void pagesWithinTheDepthLimitChunkAsWithoutOne() {
        int levels = TokenizingChunker.MAX_DEPTH - 1;
        for (String html : List.of(
                "<div>a".repeat(levels) + "</div>b".repeat(levels),
                "<b><div>x".repeat(levels / 2) + "</b>y".repeat(levels / 2) + "</div>z".repeat(levels / 2),
                "<span><li>".repeat(levels / 2) + "</li>x".repeat(levels / 2),
                "<table><tr><td>".repeat(levels / 3) + "c</td>".repeat(levels / 3))) {
            assertThat(new TokenizingChunker(TAGS).chunk(html)).as(html).isEqualTo(chunks(Integer.MAX_VALUE, html));
        }
    }

    @Test
    void deeplyNestedFormattingElementsChunkAsJsoup() {
        String html = "<b>".repeat(1000) + "x" + "</b>".repeat(1000) + "y<i><p>" + "<font>".repeat(1000) + "z";
        assertThat(new TokenizingChunker(TAGS).chunk(html))
                .containsExactly("xy", "z")
                .isEqualTo(JSOUP.chunk(html));
        assertThat(chunks(Integer.MAX_VALUE, html)).containsExactly("xy", "z");
    }

    @Test
    void formattingElementsClosedBelowABlockLeaveItOpenUntilItCloses() {
        // each </b> finds its b below the div: the b alone leaves the stack, and the div goes on until </div>
        int n = 1000;
        String html = "<b>".repeat(n) + "<div>x" + "</b>".repeat(n) + "y</div>z";
        assertThat(chunks(Integer.MAX_VALUE, html)).containsExactly("xy z");
        assertThat(new TokenizingChunker(TAGS).chunk(html)).containsExactly("xy z");
    }

    @Test
    void aFormattingElementTakenOutBelowTheTopIsPassedOverByEveryQuestion() {
        // </a> takes the svg a out from under the div (the adoption agency's case); it stays in the arrays, marked
        // dead.
        // The option above it then leads down to the select, so the p is ignored in select mode: one chunk.
        // (jsoup moves these elements in its DOM and differs here; the stack rules are the ones the walks had.)
        assertThat(new TokenizingChunker(TAGS).chunk("<svg><select><a><option><div></a></div>y<p>x"))
                .containsExactly("yx");
        // the b taken out below the div no longer ends the run of svg elements, so </a> closes the a below it,
        // and with it the inner svg, a block
        assertThat(new TokenizingChunker(TAGS).chunk("<svg><a><foreignObject><b><svg><title><div></b></div>y</a>x"))
                .containsExactly("y x");
    }

    /** Hostile pages of about {@code n} tags, each with the chunks it must give. */
    private record Hostile(String name, IntFunction<String> page, IntFunction<List<String>> chunks) {}

    private static final List<Hostile> HOSTILE = List.of(
            new Hostile("nested divs", n -> "<div>".repeat(n) + "x" + "</div>".repeat(n), n -> List.of("x")),
            new Hostile("unclosed divs, then a p", n -> "<div>".repeat(n) + "<p>x", n -> List.of("x")),
            new Hostile("p and div in turn", n -> "<p><div>".repeat(n / 2) + "x", n -> List.of("x")),
            new Hostile(
                    "spans, then end tags of no open element",
                    n -> "<span>".repeat(n / 3) + "x" + "</q>".repeat(n / 3) + "</i>".repeat(n / 3) + "y",
                    n -> List.of("xy")),
            new Hostile("nested b", n -> "<b>".repeat(n / 2) + "x" + "</b>".repeat(n / 2) + "y", n -> List.of("xy")),
            new Hostile(
                    "b closed below a div",
                    n -> "<b>".repeat(n / 2) + "<div>x" + "</b>".repeat(n / 2) + "y</div>z",
                    n -> List.of("xy z")),
            new Hostile("unclosed optgroups", n -> "<optgroup>".repeat(n) + "x", n -> List.of("x")),
            new Hostile(
                    "options of an svg select, then p tags it ignores",
                    n -> "a<svg><select>" + "<option>".repeat(n / 2) + "<p>".repeat(n / 2) + "x",
                    n -> List.of("a x")),
            new Hostile(
                    "svg groups, then end tags of no open element",
                    n -> "<svg>" + "<g>".repeat(n / 2) + "x" + "</q>".repeat(n / 2),
                    n -> List.of("x")),
            new Hostile(
                    "divs, then list items",
                    n -> "<div>".repeat(n / 2) + "<li>x</li>".repeat(n / 4),
                    n -> List.of(String.join(" ", java.util.Collections.nCopies(n / 4, "x")))),
            new Hostile(
                    "divs in a cell, then cells",
                    n -> "<table><td>" + "<div>".repeat(n / 2) + "<td>".repeat(n / 2) + "x",
                    n -> List.of("x")),
            new Hostile(
                    "divs, then end tags that search for scope",
                    n -> "<div>".repeat(n / 2) + "</h1></li></td></dd>".repeat(n / 8) + "x",
                    n -> List.of("x")),
            // foster parenting: what is written in a table outside its cells goes before the table, after what went
            // there before; each is linked in where it belongs, not shifted in
            new Hostile(
                    "rows, each followed by text that goes before the table",
                    n -> "<table>" + "<tr><td>c</td></tr>x".repeat(n / 5),
                    n -> List.of("x".repeat(n / 5) + " c".repeat(n / 5))),
            new Hostile(
                    "rows, each followed by a div that goes before the table",
                    n -> "<table>" + "<tr><td>c</td></tr><div>x</div>".repeat(n / 7),
                    n -> {
                        List<String> chunks = new ArrayList<>(java.util.Collections.nCopies(n / 7 - 1, "x"));
                        chunks.add("x" + " c".repeat(n / 7));
                        return chunks;
                    }),
            new Hostile(
                    "tables, each ending the last, with text before each",
                    n -> "<table>x".repeat(n),
                    n -> List.of(String.join(" ", java.util.Collections.nCopies(n, "x")))),
            new Hostile("unclosed b before a table", n -> "<table>" + "<b>x".repeat(n), n -> List.of("x".repeat(n))),
            new Hostile(
                    "small tables in one long chunk",
                    n -> "x<table></table>".repeat(n / 2),
                    n -> List.of(String.join(" ", java.util.Collections.nCopies(n / 2, "x")))));

    @Test
    void stackWorkGrowsWithTheTagsNotWithTheirNesting() {
        for (Hostile hostile : HOSTILE) {
            for (int maxDepth : new int[] {Integer.MAX_VALUE, TokenizingChunker.MAX_DEPTH}) {
                long[] work = new long[2];
                int[] tags = new int[2];
                int n = 50_000;
                for (int k = 0; k < 2; k++, n *= 2) {
                    String html = hostile.page().apply(n);
                    TokenizingChunker chunker = new TokenizingChunker(TAGS, maxDepth);
                    long before = chunker.stackWork();
                    assertThat(chunker.chunk(html))
                            .as("%s, %d", hostile.name(), n)
                            .isEqualTo(hostile.chunks().apply(n));
                    work[k] = chunker.stackWork() - before;
                    // the text written since a table opened is joined once, however long the chunk it opened in
                    assertThat(chunker.joinWork())
                            .as("%s: characters joined", hostile.name())
                            .isLessThanOrEqualTo(html.length());
                    tags[k] = (int) html.chars().filter(c -> c == '<').count();
                }
                // a walk down the stack per tag would make the work grow fourfold when the page doubles
                assertThat(work[0]).as("%s: work per tag", hostile.name()).isLessThanOrEqualTo(4L * tags[0]);
                assertThat((double) work[1] / work[0])
                        .as("%s: work when the page doubles", hostile.name())
                        .isLessThan(1.1 * tags[1] / tags[0]);
            }
        }
    }

    @Test
    void unclosedTitlesAreNotEachSearchedToTheEndOfThePage() {
        // with no </title> anywhere, each title ends at the next start tag; 200,000 of them are one chunk of words
        int n = 200_000;
        String chunk = new TokenizingChunker(TAGS).chunk("<title>x".repeat(n)).get(0);
        assertThat(chunk.length()).isEqualTo(2 * n - 1);
        assertThat(new TokenizingChunker(TAGS).chunk("<title>a<title>b</title>c"))
                .isEqualTo(JSOUP.chunk("<title>a<title>b</title>c"));
    }

    @Test
    void twoHundredThousandLevelsChunkWithAndWithoutTheLimit() {
        int n = 200_000;
        String html = "<div>a".repeat(n) + "</div>b".repeat(n);
        for (int maxDepth : new int[] {Integer.MAX_VALUE, TokenizingChunker.MAX_DEPTH}) {
            List<String> chunks = chunks(maxDepth, html);
            assertThat(chunks).hasSize(n);
            int open = maxDepth == Integer.MAX_VALUE ? n : TokenizingChunker.MAX_DEPTH - 1;
            assertThat(chunks.get(n - 1)).isEqualTo("a" + " b".repeat(open) + "b".repeat(n - open));
        }
    }
}
