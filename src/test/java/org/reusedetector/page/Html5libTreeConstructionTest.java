package org.reusedetector.page;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jsoup.parser.Tag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tokenizer on every whole document of the html5lib tree-construction tests (html5lib-tests at 9329e64, the
 * last commit before they moved to the web-platform-tests; {@code src/test/resources/html5lib}, MIT licence, made by
 * {@code src/test/scripts/html5lib-fixture.py}). The expected tree of a test is the truth and jsoup a second
 * opinion: every document gives jsoup's chunks, or is a listed exception where the tokenizer gives the chunks of the
 * expected tree and jsoup does not.
 */
class Html5libTreeConstructionTest {

    private static final Set<String> TAGS = Set.of("p", "div");
    private static final HtmlChunker JSOUP = new HtmlChunker(TAGS, ContentForm.TEXT);

    /** Documents where jsoup 1.18 departs from the expected tree and the tokenizer follows it, and how. */
    private static final Map<String, String> EXCEPTIONS = new LinkedHashMap<>();

    static {
        except(
                "script data: a <script> inside <!-- hides the next </script> (double escaped), which keeps the text"
                        + " after it in the script; jsoup ends the script there",
                "scriptdata01.dat#16",
                "scriptdata01.dat#17",
                "scriptdata01.dat#18",
                "scriptdata01.dat#20",
                "scriptdata01.dat#21",
                "scriptdata01.dat#22",
                "scriptdata01.dat#23",
                "scriptdata01.dat#25");
        except(
                "isindex: an unknown element since the standard dropped it; jsoup still expands it into a form with"
                        + " a prompt text",
                "isindex.dat#1",
                "isindex.dat#2",
                "isindex.dat#4",
                "tests19.dat#8");
        except(
                "noscript in head (scripting off): a tag it may not hold ends it and is read as a tag in the body;"
                        + " jsoup writes the tag into the noscript as text",
                "noscript01.dat#12",
                "noscript01.dat#16",
                "tests16.dat#88",
                "tests16.dat#89",
                "tests16.dat#185",
                "tests16.dat#186",
                "tests18.dat#5");
        except(
                "foster parenting: text written in a table outside its cells goes before the table, as elements do;"
                        + " jsoup moves elements only, and after the adoption agency puts some in the table",
                "adoption01.dat#12",
                "tests1.dat#33",
                "tests1.dat#78",
                "tests1.dat#79",
                "tests7.dat#33",
                "tests8.dat#7",
                "tests19.dat#90",
                "tests26.dat#3");
        except("doctype: jsoup reads the text after an empty <!DOCTYPE > into the doctype", "doctype01.dat#5");
        except("main: </main> closes the main around an open p; jsoup ignores it", "main-element.dat#2");
        except(
                "foreign content: a p in an SVG foreignObject is HTML inside the SVG; jsoup ends the SVG there",
                "tests12.dat#1");
    }

    private static void except(String why, String... tests) {
        for (String test : tests) {
            EXCEPTIONS.put(test, why);
        }
    }

    private record Document(String test, String data, String scripting, String tree) {}

    private static List<Document> documents;

    @BeforeAll
    static void load() throws Exception {
        documents = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        try (InputStream in =
                        Html5libTreeConstructionTest.class.getResourceAsStream("/html5lib/tree-construction.jsonl");
                BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                JsonNode test = json.readTree(line);
                documents.add(new Document(
                        test.get("test").asText(),
                        test.get("data").asText(),
                        test.path("scripting").asText(null),
                        test.get("document").asText()));
            }
        }
    }

    /**
     * The tree a scripting-off parser must build (both chunkers parse with scripting off, as jsoup does): a test
     * for scripting on is judged by the tree of its scripting-off twin, the same data. The scripted tests' trees
     * hold what their scripts wrote: they have none.
     */
    private static Map<String, String> scriptingOffTrees() {
        Map<String, String> byData = new HashMap<>();
        for (Document document : documents) {
            if (!"on".equals(document.scripting())) {
                byData.putIfAbsent(document.data(), document.tree());
            }
        }
        Map<String, String> trees = new HashMap<>();
        for (Document document : documents) {
            if (!document.test().startsWith("scripted/")) {
                trees.put(document.test(), byData.get(document.data()));
            }
        }
        return trees;
    }

    @Test
    void everyDocumentGivesJsoupsChunksOrIsAListedExceptionThatFollowsTheExpectedTree() {
        assertThat(documents).hasSize(1604);
        Map<String, String> trees = scriptingOffTrees();
        TokenizingChunker tokenizer = new TokenizingChunker(TAGS);
        List<String> failures = new ArrayList<>();
        int jsoupAgrees = 0;
        int treeAgrees = 0;
        for (Document document : documents) {
            List<String> chunks = tokenizer.chunk(document.data());
            List<String> jsoup = JSOUP.chunk(document.data());
            String tree = trees.get(document.test());
            List<String> expected = tree == null ? null : treeChunks(tree, TAGS);
            jsoupAgrees += chunks.equals(jsoup) ? 1 : 0;
            treeAgrees += chunks.equals(expected) ? 1 : 0;
            String why = EXCEPTIONS.get(document.test());
            boolean ok = why == null ? chunks.equals(jsoup) : chunks.equals(expected) && !jsoup.equals(expected);
            if (!ok) {
                failures.add(String.format(
                        "%s%s%n  data:      %s%n  tokenizer: %s%n  jsoup:     %s%n  tree:      %s",
                        document.test(),
                        why == null ? "" : " (listed: " + why + ")",
                        document.data(),
                        chunks,
                        jsoup,
                        expected));
            }
        }
        System.out.printf(
                "html5lib: %d documents, tokenizer = jsoup on %d, = expected tree on %d, %d listed exceptions%n",
                documents.size(), jsoupAgrees, treeAgrees, EXCEPTIONS.size());
        assertThat(failures).as(String.join("\n", failures)).isEmpty();
        assertThat(documents.stream().map(Document::test)).containsAll(EXCEPTIONS.keySet());
    }

    // ---- the chunks of an expected tree, as HtmlChunker cuts jsoup's DOM ----

    /** An element of the expected tree: its local name, and whether it is HTML (not SVG or MathML). */
    private record Element(String name, boolean html, int depth) {}

    /**
     * The TEXT-form chunks of a tree in the tests' format ("| " and two spaces a level; elements in angle brackets,
     * "svg " or "math " before a foreign name; text in quotes, over several lines when it holds line breaks;
     * template contents as "content"). A chunk element starts a chunk; a block element, before and after, and a br
     * keep words apart (jsoup's block set; of foreign elements, svg and math only); script and style hold no text.
     */
    static List<String> treeChunks(String tree, Set<String> chunkTags) {
        List<String> nodes = new ArrayList<>();
        for (String line : tree.split("\n", -1)) {
            if (line.startsWith("| ")) {
                nodes.add(line.substring(2));
            } else {
                int last = nodes.size() - 1; // a line break inside a text, comment or attribute value
                nodes.set(last, nodes.get(last) + "\n" + line);
            }
        }
        List<String> chunks = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        Deque<Element> open = new ArrayDeque<>();
        for (String node : nodes) {
            int depth = 0;
            while (node.startsWith("  ", depth * 2)) {
                depth++;
            }
            String content = node.substring(depth * 2);
            if (!content.startsWith("<") && !content.startsWith("\"") && !content.equals("content")) {
                continue; // an attribute
            }
            while (!open.isEmpty() && open.peek().depth() >= depth) {
                Element closed = open.pop();
                if (isBlock(closed)) {
                    current.append(' ');
                }
            }
            if (content.startsWith("\"")) {
                Element parent = open.peek();
                boolean data = parent != null
                        && (parent.name().equals("script") || parent.name().equals("style"));
                if (!data) {
                    current.append(content, 1, content.length() - 1);
                }
            } else if (content.equals("content")) {
                open.push(new Element("content", false, depth)); // template contents: neither block nor data
            } else if (!content.startsWith("<!") && !content.startsWith("<?")) {
                String name = content.substring(1, content.length() - 1);
                boolean html = true;
                if (name.startsWith("svg ") || name.startsWith("math ")) {
                    html = false;
                    name = name.substring(name.indexOf(' ') + 1);
                }
                Element element = new Element(name, html, depth);
                if (chunkTags.contains(name)) {
                    finishChunk(current, chunks);
                }
                if (isBlock(element) || (html && name.equals("br"))) {
                    current.append(' ');
                }
                open.push(element);
            }
        }
        finishChunk(current, chunks);
        return chunks;
    }

    private static boolean isBlock(Element element) {
        if (element.name().equals("content")) {
            return false;
        }
        if (!element.html()) {
            return element.name().equals("svg") || element.name().equals("math");
        }
        return Tag.valueOf(element.name()).isBlock();
    }

    private static void finishChunk(StringBuilder current, List<String> chunks) {
        String chunk = WhitespaceNormalizer.normalize(current);
        if (!chunk.isEmpty()) {
            chunks.add(chunk);
        }
        current.setLength(0);
    }

    @Test
    void treeChunksCutAtChunkElementsAndBreakWordsAtBlocks() {
        String tree = String.join(
                "\n",
                "| <!DOCTYPE html>",
                "| <html>",
                "|   <head>",
                "|     <title>",
                "|       \"T\"",
                "|   <body>",
                "|     \"a\"",
                "|     <p>",
                "|       class=\"x\"",
                "|       \"b",
                "c\"",
                "|       <script>",
                "|         \"hidden\"",
                "|       <b>",
                "|         \"d\"",
                "|     <ul>",
                "|       <li>",
                "|         \"e\"",
                "|     <svg svg>",
                "|       <svg title>",
                "|         \"f\"",
                "|     <template>",
                "|       content",
                "|         <div>",
                "|           \"g\"");
        assertThat(treeChunks(tree, TAGS)).containsExactly("T a", "b c d e f", "g");
    }
}
