package org.reusedetector.page;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Entities;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * Cuts a page into chunks as the paper does: a chunk runs from the start of one chunk element
 * ({@code <p>}, {@code <div>} by default) to the start of the next one in document order; whatever
 * precedes the first chunk element is a chunk of its own, so no content is dropped. Chunks are
 * whitespace-normalised; chunks that normalise to nothing carry no content and are left out.
 *
 * <p>Not thread-safe only in the sense that it holds no state: one instance may be shared.
 */
public final class HtmlChunker {

    private final Set<String> chunkTags;
    private final ContentForm form;

    public HtmlChunker(Set<String> chunkTags, ContentForm form) {
        this.chunkTags =
                chunkTags.stream().map(t -> t.toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
        this.form = form;
    }

    public ContentForm form() {
        return form;
    }

    /** Parses the HTML and returns the normalised chunks in document order. */
    public List<String> chunk(String html) {
        return chunk(Jsoup.parse(html));
    }

    public List<String> chunk(Document document) {
        ChunkCollector collector = new ChunkCollector();
        NodeTraversor.traverse(collector, document);
        collector.finishChunk();
        return collector.chunks;
    }

    /**
     * Chunks an HTML fragment (no document around it), as a chunk taken out of some page would be
     * chunked in place. Used to bring stop lists of raw chunks into this chunker's form.
     */
    public List<String> chunkFragment(String html) {
        ChunkCollector collector = new ChunkCollector();
        for (Node child : Jsoup.parseBodyFragment(html).body().childNodes()) {
            NodeTraversor.traverse(collector, child);
        }
        collector.finishChunk();
        return collector.chunks;
    }

    private final class ChunkCollector implements NodeVisitor {
        final List<String> chunks = new ArrayList<>();
        final StringBuilder current = new StringBuilder(256);

        @Override
        public void head(Node node, int depth) {
            if (node instanceof Element element) {
                if (chunkTags.contains(element.normalName())) {
                    finishChunk();
                }
                if (form == ContentForm.HTML) {
                    if (!isDocumentFrame(element)) {
                        appendStartTag(element);
                    }
                } else if (element.isBlock() || "br".equals(element.normalName())) {
                    current.append(' '); // keep words of adjacent blocks apart
                }
            } else if (node instanceof TextNode text) {
                if (form == ContentForm.HTML) {
                    current.append(Entities.escape(text.getWholeText()));
                } else {
                    current.append(text.getWholeText());
                }
            } else if (node instanceof DataNode data && form == ContentForm.HTML) {
                current.append(data.getWholeData()); // script and style bodies are markup, not text
            }
        }

        @Override
        public void tail(Node node, int depth) {
            if (node instanceof Element element) {
                if (form == ContentForm.HTML) {
                    if (!element.tag().isSelfClosing() && !isDocumentFrame(element)) {
                        current.append("</").append(element.normalName()).append('>');
                    }
                } else if (element.isBlock()) {
                    current.append(' ');
                }
            }
        }

        /**
         * html/head/body tags are left out of chunks: jsoup adds them when a page lacks them, and a page's
         * last chunk would otherwise differ from the same block elsewhere by its closing tags.
         */
        private boolean isDocumentFrame(Element element) {
            String name = element.normalName();
            return element instanceof Document || "html".equals(name) || "head".equals(name) || "body".equals(name);
        }

        private void appendStartTag(Element element) {
            current.append('<').append(element.normalName());
            for (Attribute attribute : element.attributes()) {
                current.append(' ').append(attribute.getKey().toLowerCase(Locale.ROOT));
                if (attribute.hasDeclaredValue()) {
                    current.append("=\"")
                            .append(Entities.escape(attribute.getValue()))
                            .append('"');
                }
            }
            current.append('>');
        }

        void finishChunk() {
            if (current.length() > 0) {
                String normalised = WhitespaceNormalizer.normalize(current);
                if (!normalised.isEmpty()) {
                    chunks.add(normalised);
                }
                current.setLength(0);
            }
        }
    }
}
