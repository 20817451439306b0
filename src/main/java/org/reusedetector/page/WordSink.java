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
    default void endOfPage() {}

    /** Both sinks, in turn, for one pass (for example I-Match signatures and min-hash shingles). */
    static WordSink both(WordSink first, WordSink second) {
        return new WordSink() {
            @Override
            public void word(char[] text, int start, int length) {
                first.word(text, start, length);
                second.word(text, start, length);
            }

            @Override
            public void endOfPage() {
                first.endOfPage();
                second.endOfPage();
            }
        };
    }
}
