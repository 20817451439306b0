package org.reusedetector.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HtmlChunkerTest {

    private static final HtmlChunker TEXT = new HtmlChunker(Set.of("p", "div"), ContentForm.TEXT);
    private static final HtmlChunker HTML = new HtmlChunker(Set.of("p", "div"), ContentForm.HTML);

    private static String resource(String name) throws IOException {
        try (InputStream in = HtmlChunkerTest.class.getResourceAsStream("/pages/" + name)) {
            assertThat(in).as("test resource %s", name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void formIsReported() {
        assertThat(TEXT.form()).isEqualTo(ContentForm.TEXT);
        assertThat(HTML.form()).isEqualTo(ContentForm.HTML);
    }

    @Test
    void chunksStartAtEachChunkTagInDocumentOrder() {
        String page = "<html><body><p>one</p><div>two</div><p>three</p><div>four</div></body></html>";
        assertThat(TEXT.chunk(page)).containsExactly("one", "two", "three", "four");
    }

    @Test
    void contentBeforeTheFirstChunkTagIsItsOwnChunk() {
        String page = "<html><body><h1>Title</h1><span>lead</span> text<p>para</p></body></html>";
        assertThat(TEXT.chunk(page)).containsExactly("Title lead text", "para");
    }

    @Test
    void nothingIsDroppedBetweenChunks() {
        // text after a closing </p> belongs to that chunk until the next chunk tag opens
        String page = "<body><p>first</p>tail of first<h2>heading</h2><p>second</p>trailing</body>";
        assertThat(TEXT.chunk(page)).containsExactly("first tail of first heading", "second trailing");
    }

    @Test
    void nestedDivsStartAChunkAtEveryOpeningTag() {
        String page = "<body><div>outer start<div>inner</div>outer end</div><p>after</p></body>";
        // the chunk of the inner div runs until the next chunk tag, so it takes the rest of the outer div
        assertThat(TEXT.chunk(page)).containsExactly("outer start", "inner outer end", "after");
        assertThat(HTML.chunk(page))
                .containsExactly("<div>outer start", "<div>inner</div>outer end</div>", "<p>after</p>");
    }

    @Test
    void textFormIsVisibleTextOnly() {
        String page = "<body><p class=\"a\" style=\"color:red\">Hello <b>bold</b> <a href=\"/x\">link</a>!</p>"
                + "<p><!-- a comment -->visible<script>var x = 1;</script><style>p{}</style></p></body>";
        assertThat(TEXT.chunk(page)).containsExactly("Hello bold link!", "visible");
    }

    @Test
    void textFormIgnoresMarkupDifferences() {
        String a = "<body><p class=\"x\">Same words here</p></body>";
        String b = "<body><p style=\"margin:0\" data-track=\"123\">Same <i>words</i>\n here</p></body>";
        assertThat(TEXT.chunk(a)).isEqualTo(TEXT.chunk(b));
        assertThat(HTML.chunk(a)).isNotEqualTo(HTML.chunk(b));
    }

    @Test
    void textFormSeparatesWordsOfAdjacentBlocksAndBreaks() {
        String page = "<body><p>a<br>b<li>c</li><li>d</li></p></body>";
        assertThat(TEXT.chunk(page)).containsExactly("a b c d");
    }

    @Test
    void htmlFormKeepsTagsAndAttributesAndDropsComments() {
        String page = "<body><P CLASS=\"Big\" id=x>Hi <B>there</B><!-- c --><br><input disabled></P></body>";
        assertThat(HTML.chunk(page))
                .containsExactly("<p class=\"Big\" id=\"x\">Hi <b>there</b><br><input disabled></p>");
    }

    @Test
    void htmlFormEscapesTextAndAttributeValues() {
        String page = "<body><p title='a \"q\" &amp; b'>1 &lt; 2 &amp; 3</p></body>";
        assertThat(HTML.chunk(page)).containsExactly("<p title=\"a &quot;q&quot; &amp; b\">1 &lt; 2 &amp; 3</p>");
    }

    @Test
    void htmlFormKeepsScriptAndStyleBodies() {
        String page = "<body><p>x<script>if (a < b) go();</script></p></body>";
        assertThat(HTML.chunk(page)).containsExactly("<p>x<script>if (a < b) go();</script></p>");
    }

    @Test
    void htmlFormLeavesOutDocumentFrameTags() {
        String page =
                "<!DOCTYPE html><html lang=\"en\"><head><title>T</title></head><body class=\"b\"><p>x</p></body></html>";
        List<String> chunks = HTML.chunk(page);
        assertThat(chunks).containsExactly("<title>T</title>", "<p>x</p>");
        for (String chunk : chunks) {
            assertThat(chunk).doesNotContain("<html", "</html>", "<head", "</head>", "<body", "</body>");
        }
    }

    @Test
    void lastChunkIsTheSameWithOrWithoutDocumentFrame() {
        String bare = "<p>alpha</p><div>beta</div>";
        String framed = "<html><head></head><body>\n<p>alpha</p><div>beta</div>\n</body></html>";
        assertThat(HTML.chunk(bare)).containsExactly("<p>alpha</p>", "<div>beta</div>");
        assertThat(HTML.chunk(framed)).isEqualTo(HTML.chunk(bare));
        assertThat(TEXT.chunk(framed)).isEqualTo(TEXT.chunk(bare));
    }

    @Test
    void whitespaceIsNormalisedIncludingNbspAndNewlines() {
        String page = "<body><p>\n   Hello,&nbsp;&nbsp;\r\n\tworld\u00a0 again  \n</p></body>";
        assertThat(TEXT.chunk(page)).containsExactly("Hello, world again");
        assertThat(HTML.chunk("<body><p>\n  a\r\n\t b  </p>\n\n<p>c</p></body>"))
                .containsExactly("<p> a b </p>", "<p>c</p>");
    }

    @Test
    void emptyChunksAreLeftOut() {
        String page = "<body>\n  <div></div><p>&nbsp;</p><p> \n </p><div><p>\u00a0</p></div><p>real</p>\n</body>";
        assertThat(TEXT.chunk(page)).containsExactly("real");
        // in HTML form the tags themselves are content; only whitespace between chunks is dropped
        assertThat(HTML.chunk(page))
                .containsExactly(
                        "<div></div>", "<p>&nbsp;</p>", "<p> </p>", "<div>", "<p>&nbsp;</p></div>", "<p>real</p>");
    }

    @Test
    void emptyOrBlankDocumentHasNoChunks() {
        assertThat(TEXT.chunk("")).isEmpty();
        assertThat(HTML.chunk("")).isEmpty();
        assertThat(TEXT.chunk("<html><head></head><body>  \n </body></html>")).isEmpty();
        assertThat(HTML.chunk("<html><head></head><body>  \n </body></html>")).isEmpty();
    }

    @Test
    void chunkTagSetIsConfigurable() {
        String page = "<body><ul><li>one</li><li>two</li></ul><p>three</p></body>";
        assertThat(TEXT.chunk(page)).containsExactly("one two", "three");
        HtmlChunker withLi = new HtmlChunker(Set.of("p", "div", "li"), ContentForm.TEXT);
        assertThat(withLi.chunk(page)).containsExactly("one", "two", "three");
        HtmlChunker onlyLi = new HtmlChunker(Set.of("LI"), ContentForm.HTML);
        assertThat(onlyLi.chunk(page)).containsExactly("<ul>", "<li>one</li>", "<li>two</li></ul><p>three</p>");
    }

    @Test
    void fragmentIsChunkedAsItWouldBeInPlace() {
        String fragment = "<p class=\"c\">Some &nbsp; text</p>\r\n";
        String page = "<html><body><div>before</div>" + fragment + "<div>after</div></body></html>";
        assertThat(TEXT.chunkFragment(fragment)).containsExactly("Some text");
        assertThat(HTML.chunkFragment(fragment)).containsExactly("<p class=\"c\">Some &nbsp; text</p>");
        assertThat(TEXT.chunk(page)).contains(TEXT.chunkFragment(fragment).get(0));
        assertThat(HTML.chunk(page)).contains(HTML.chunkFragment(fragment).get(0));
    }

    @Test
    void fragmentsOfEmptyParagraphs() {
        assertThat(TEXT.chunkFragment("<p>&nbsp;</p>\r\n")).isEmpty();
        assertThat(TEXT.chunkFragment("<p>")).isEmpty();
        assertThat(HTML.chunkFragment("<p>&nbsp;</p>\r\n")).containsExactly("<p>&nbsp;</p>");
        assertThat(HTML.chunkFragment("<p>&#160;</p>")).containsExactly("<p>&nbsp;</p>");
        assertThat(HTML.chunkFragment("<P>")).containsExactly("<p></p>");
    }

    @Test
    void fixturePage() throws IOException {
        String page = resource("sample.html");
        assertThat(TEXT.chunk(page))
                .containsExactly(
                        "Sample page Site name Home About",
                        "Welcome to the sample page. It has several paragraphs.",
                        "Second paragraph with a link and bold text.",
                        "Sidebar",
                        "Item one Item two",
                        "Copyright 2024 Example Org");
        assertThat(HTML.chunk(page))
                .containsExactly(
                        "<meta charset=\"utf-8\"> <title>Sample page</title> <header> <h1>Site name</h1> <nav><a href=\"/\">Home</a> <a href=\"/about\">About</a></nav> </header>",
                        "<p class=\"lead\">Welcome to the sample page. It has several paragraphs.</p>",
                        "<p>Second paragraph with <a href=\"/x\">a link</a> and <b>bold</b> text.</p>",
                        "<div id=\"side\">Sidebar",
                        "<div> <ul> <li>Item one</li> <li>Item two</li> </ul> </div> </div>",
                        "<div class=\"footer\">Copyright&nbsp;2024 Example Org</div>");
    }
}
