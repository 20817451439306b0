package org.reusedetector.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jsoup.parser.Tag;
import org.junit.jupiter.api.Test;
import org.reusedetector.model.HashedPage;

/** Each fixture is a place where a byte splitter goes wrong; the expected chunks are spelled out and must equal jsoup's. */
class TokenizingChunkerTest {

    private static final Set<String> TAGS = Set.of("p", "div");
    private static final HtmlChunker JSOUP = new HtmlChunker(TAGS, ContentForm.TEXT);

    private static void assertChunks(String html, String... expected) {
        List<String> chunks = new TokenizingChunker(TAGS).chunk(html);
        assertThat(chunks).as("jsoup reference on %s", html).isEqualTo(JSOUP.chunk(html));
        assertThat(chunks).as("tokenizer on %s", html).containsExactly(expected);
    }

    @Test
    void chunksRunFromOneChunkTagToTheNext() {
        assertChunks(
                "<html><head><title>T</title></head><body><h1>Head</h1><p>one<b>bold</b></p>after<div>two</div></body></html>",
                "T Head",
                "onebold after",
                "two");
    }

    @Test
    void scriptAndStyleContentsAreNotTextAndHoldNoChunkStarts() {
        assertChunks(
                "<p>a<script>if (x <p && y) document.write('<p>not a chunk</p>');</script>b<style>p>div{}</style>c</p>",
                "a b c");
    }

    @Test
    void scriptEscapedCommentHidesANestedScriptEndTag() {
        assertChunks("<p>a<script><!-- document.write('<script>x</script>'); --></script>b<p>c", "a b", "c");
        // without the comment the first </script> ends the script: the rest is text
        assertChunks("<p>a<script>document.write('<script>x</script>');</script>b", "a ');b");
    }

    @Test
    void titleAndTextareaContentsAreTextWithEntitiesButNoTags() {
        assertChunks(
                "<title>A &amp; <p>B</title><p>x<textarea><div>inside</div> &lt;</textarea>y",
                "A & <p>B",
                "x<div>inside</div> <y");
    }

    @Test
    void unclosedTitleStopsAtTheNextTagAsInJsoup() {
        assertChunks("<title>T<p>body", "T", "body");
    }

    @Test
    void selfClosedScriptAndTitleHaveNoContent() {
        assertChunks("<script/><p>a</p><title/>b", "a b");
    }

    @Test
    void commentsCdataAndDoctypeAreSkipped() {
        assertChunks(
                "<!DOCTYPE html><!-- <p>no --><p>a<!-- x -- y --->b<!--->c<!-->d<?php echo '<p>'; ?>e<!bogus <div>>f",
                "abcd'; ?>e>f");
        assertChunks("<p>a<![CDATA[<p>cdata text]]>b", "a<p>cdata textb");
    }

    @Test
    void chunkTagsInsideAttributeValuesAreNotTags() {
        assertChunks("<p title=\"<p>x</p>\" data-a='<div>' data-b=<p>a</p><div class=x>b", "a", "b");
    }

    @Test
    void tagNamesAreCaseInsensitive() {
        assertChunks("<P>one<DiV>two</dIv><Script>x</SCRIPT>three", "one", "two three");
    }

    @Test
    void aNameThatFoldsToAKnownTagIsThatTag() {
        // U+212A KELVIN SIGN lower-cases to 'k': jsoup reads it as blockquote, a block that breaks the chunk's words
        List<String> jsoup = JSOUP.chunk("<p>one<bloc\u212Aquote>two</bloc\u212Aquote>three</p>");
        assertChunks("<p>one<bloc\u212Aquote>two</bloc\u212Aquote>three</p>", jsoup.toArray(String[]::new));
        assertThat(jsoup).containsExactly("one two three");
    }

    @Test
    void longUnknownAndNulTagNamesTakeTheLongWayAndAgreeWithJsoup() {
        assertChunks(
                "<p>a<customelementname>b</customelementname>c<x\u0000y>d</x\u0000y>e<DIV>f</Div>g", "abcde", "f g");
        assertChunks("<p>a<abcdefgh>b</ABCDEFGH>c<abcdefghi>d</abcdefghi>e", "abcde");
    }

    @Test
    void whitespaceRunsBetweenWordsBecomeOneSpace() {
        assertChunks(
                "<p>  one \t\n two\u00a0\u2003three  </p><div>\r\n</div><div> four</div>", "one two three", "four");
    }

    @Test
    void characterReferencesFollowJsoup() {
        assertChunks(
                "<p>&amp;&lt;&gt;&quot;&nbsp;x &copy &notit; &notin; &ampfoo; &bogus; &#65;&#x42;&#X43 &#150; &#0; &#99999999999; & &#; &#x;",
                "&<>\" x \u00a9 \u00acit; \u2209 &foo; &bogus; ABC \u2013 \ufffd & &#; &#x;");
    }

    @Test
    void supplementaryAndLoneSurrogateReferencesHashAsJsoupDoes() {
        String html = "<p>&#x1F600; &#xD800; &fjlig; &#128512;</p>";
        HashedPage expected = new PageHasher(JSOUP).hash("u", 0, html);
        HashedPage actual = PageHasher.tokenizing(TAGS).hash("u", 0, html);
        assertThat(actual.chunkHashes()).isEqualTo(expected.chunkHashes());
        assertThat(actual.chunkLengths()).isEqualTo(expected.chunkLengths());
    }

    @Test
    void aStrayEndPStartsAnEmptyChunk() {
        // the div closes the p, so </p> has no p to close: jsoup makes an empty p, and the text after it is a new chunk
        assertChunks("<!DOCTYPE html><p>a<div>b</div></p>c", "a", "b", "c");
    }

    @Test
    void aStrayEndDivIsIgnoredAndAddsNoWordBreak() {
        assertChunks("<p>a</div>b</span>c", "abc");
    }

    @Test
    void impliedEndTagsOfListItemsAndHeadingsBreakWords() {
        assertChunks("<ul><li>a<li>b</ul><h1>c<h2>d</h1>e", "a b c d e");
    }

    @Test
    void tableInQuirksModeLeavesTheParagraphOpen() {
        assertChunks("<p>a<table><tr><td>b</table></p>c", "a b c");
        assertChunks("<!doctype html><p>a<table><tr><td>b</table></p>c", "a b", "c");
    }

    @Test
    void tableCellsOutsideATableAreIgnored() {
        assertChunks("<p>a<td>b</td>c", "abc");
    }

    @Test
    void selectIgnoresChunkTagsInside() {
        assertChunks("<p>a<select><option>x<div>y</div><option>z</select>b", "axyzb");
    }

    @Test
    void svgElementsAreInlineExceptTheSvgElementItself() {
        assertChunks("<p>a<svg><title>t</title><text>u</text><p>v</svg>w", "a tu", "vw");
    }

    @Test
    void buttonsAreBlocksInJsoup() {
        assertChunks("<p><button>All</button><button>Static</button>", "All Static");
    }

    @Test
    void rawTextElementsKeepTheirContentAsTextUndecoded() {
        assertChunks("<p>a<xmp><p>&amp;</xmp>b<iframe><div>f</iframe>c", "a <p>&amp;b<div>fc");
    }

    @Test
    void aTagCutOffByTheEndOfThePageIsDropped() {
        assertChunks("<p>a<div class=\"x", "a");
        assertChunks("<p>a<", "a<");
    }

    @Test
    void blockTagsAgreeWithJsoup() {
        for (String name : HtmlTags.known().keySet()) {
            boolean block = (HtmlTags.known().get(name) & HtmlTags.BLOCK) != 0;
            if (!name.equals("svg") && !name.equals("math")) { // foreign: block only in their own namespace
                assertThat(block)
                        .as("block %s", name)
                        .isEqualTo(Tag.valueOf(name).isBlock());
            }
        }
    }

    @Test
    void elementsWrittenInATableOutsideItsCellsGoBeforeTheTable() {
        // foster parenting, as in jsoup and browsers: the b, the div (a chunk start) and the p go before their table
        assertChunks("<table><tr><td>cell</td></tr><b>loose</b></table>", "loose cell");
        assertChunks("<p>before<table><tr><td>A</td></tr><div>B</div></table>after", "before", "B A after");
        assertChunks("<div>x<table><tr><td><p>A</td></tr><p>B</table>", "x", "B", "A");
        // before the innermost table, so inside the outer cell
        assertChunks("<table><tr><td>A<table><tr><td>B</td></tr><i>C</i></table>D</td></tr></table>", "AC B D");
        // a table start tag in a table ends it: the second table is not placed before the first with the b
        assertChunks("<table><tr><td>A</td></tr><b><table><tr><td>B</table>", "A B");
        // whitespace alone stays in the table
        assertChunks("<p>a<table> <tr> <td>b</td> </tr> </table>c", "a b c");
        // a select in a table ends at table structure
        assertChunks("<table><select><option>A<tr><td>B</td></tr></table>", "A B");
    }

    @Test
    void textWrittenInATableOutsideItsCellsGoesBeforeTheTableWhereJsoupLeavesIt() {
        // the standard moves text as it moves elements; jsoup 1.18 moves elements only (see
        // Html5libTreeConstructionTest)
        String html = "x<table>y<tr><td>z</table>";
        assertThat(new TokenizingChunker(TAGS).chunk(html)).containsExactly("xy z");
        assertThat(JSOUP.chunk(html)).containsExactly("x y z");
    }

    @Test
    void aFramesetReplacesABodyWithNoTextAndOnlyNoframesHoldsText() {
        assertChunks("<frameset><frame><noframes>no <b>frames</b></noframes></frameset>text", "no <b>frames</b>");
        assertChunks("<title>T</title><frameset><noframes>N</noframes></frameset><noframes>M</noframes>x", "T N M");
        // after text a frameset is ignored
        assertChunks("<p>x</p><frameset><noframes>y</noframes>", "x y");
    }

    @Test
    void aTemplateHoldsTableStructureOrColumnsWhenItBeginsWithThem() {
        assertChunks("<template><tr><td>cell</td></tr>a</template>", "cell a");
        assertChunks("<template><col>Hello</template>x", "x");
    }

    @Test
    void svgInMathmlAnnotationXmlIsSvg() {
        assertChunks("<p>x<math><annotation-xml><svg><g>y</g></svg></annotation-xml></math>z", "x y z");
    }

    @Test
    void chunkTextsAreHandedOverWithTheHashes() {
        List<String> texts = new ArrayList<>();
        HashedPage page = PageHasher.tokenizing(TAGS).hash("u", 0, "<p>one</p><p>  two  </p>", texts);
        assertThat(texts).containsExactly("one", "two");
        assertThat(page.chunkLengths()).containsExactly(3, 3);
        assertThat(Sha1.hex(page.chunkHashes(), 1)).isEqualTo(Sha1.hex(Sha1.of("two")));
    }
}
