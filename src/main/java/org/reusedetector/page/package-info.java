/**
 * From a page record to hashes: record validation ({@code PageRecordParser}), chunking ({@code Chunking}, {@code HtmlChunker}), normalisation, SHA-1, stop chunks.
 * Pure Java (jsoup, Jackson trees); may import {@code model} and {@code url}, no Flink.
 */
package org.reusedetector.page;
