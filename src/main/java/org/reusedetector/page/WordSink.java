package org.reusedetector.page;

/**
 * Receives the words of a page's visible text, in document order, from {@link WordSplitter}. The array is the
 * chunker's buffer and is reused after the call returns: copy what must outlive it.
 */
@FunctionalInterface
public interface WordSink {

    /** One word: the characters {@code text[start, start + length)}, a maximal run of letters and digits. */
    void word(char[] text, int start, int length);

    /** Called once after the last word of a page. */
    default void endOfPage() {
    }
}
