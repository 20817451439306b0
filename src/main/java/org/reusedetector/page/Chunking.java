package org.reusedetector.page;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * How pages are cut into chunks and which chunks are stop chunks: the one value that detection, informed
 * labelling and blind discovery share, so that they hash the same chunks the same way. Serializable so that
 * Flink functions carry it and build their chunker where they run.
 *
 * @param tags elements that start a chunk ({@code chunking.tags})
 * @param form what a chunk hash covers ({@code chunking.content-form})
 * @param defaultStopList use the shipped stop list ({@code stop-chunks.default-list})
 * @param stopFile a further stop list, or {@code null} ({@code stop-chunks.file})
 */
public record Chunking(List<String> tags, ContentForm form, boolean defaultStopList, String stopFile)
        implements Serializable {

    private static final long serialVersionUID = 1L;

    public Chunking {
        tags = List.copyOf(tags);
    }

    public HtmlChunker chunker() {
        return new HtmlChunker(Set.copyOf(tags), form);
    }

    /** TEXT form: the one-pass tokenizer (chunk hashes identical to jsoup's on the standard crawls); HTML form: jsoup. */
    public PageHasher hasher() {
        return form == ContentForm.TEXT ? PageHasher.tokenizing(Set.copyOf(tags)) : new PageHasher(chunker());
    }

    /**
     * The stop chunks: shorter than {@code minLength}, or on the stop lists (their raw chunks brought into this
     * chunking's form). Reads the lists: call where they are needed.
     */
    public StopChunks stopChunks(int minLength) {
        return StopChunks.load(minLength, chunker(), defaultStopList, stopFile == null ? null : Path.of(stopFile));
    }

    public Chunking withStopLists(boolean useDefaultStopList, String file) {
        return new Chunking(tags, form, useDefaultStopList, file);
    }
}
