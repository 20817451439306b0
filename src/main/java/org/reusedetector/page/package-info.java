/**
 * From a page record to hashes: record validation ({@code PageRecordParser}), chunking ({@code Chunking}; {@code TokenizingChunker}, one pass with no DOM, for the TEXT form; jsoup's {@code HtmlChunker} for the HTML form and as the reference in tests), normalisation, SHA-1, stop chunks.
 * Pure Java (jsoup, Jackson trees); may import {@code model}, {@code url} and {@code util}, no Flink.
 * <p>Project imports: {@code model}, {@code url}, {@code util}.
 */
package org.reusedetector.page;
