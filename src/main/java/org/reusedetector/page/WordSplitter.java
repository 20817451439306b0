package org.reusedetector.page;

/**
 * Cuts the chunks a {@link TokenizingChunker} hands over into words, in the same pass as hashing: a word is a
 * maximal run of alphanumeric characters of the visible text (Fetterly, Manasse and Najork 2005), judged per code
 * point so that letters outside the BMP stay whole. Words never span chunks, because the chunker puts a chunk
 * boundary only where there is a block boundary in the text. Case is kept: consumers fold it if they want to.
 * Not thread-safe; one per chunker.
 */
public final class WordSplitter implements TokenizingChunker.ChunkSink {

    private final WordSink sink;

    public WordSplitter(WordSink sink) {
        this.sink = sink;
    }

    @Override
    public void chunk(char[] text, int length) {
        int start = -1;
        int i = 0;
        while (i < length) {
            int signedWidth = WordChars.letterOrDigitWidth(text, i, length);
            int width = Math.abs(signedWidth);
            if (signedWidth > 0) {
                if (start < 0) {
                    start = i;
                }
            } else if (start >= 0) {
                sink.word(text, start, i - start);
                start = -1;
            }
            i += width;
        }
        if (start >= 0) {
            sink.word(text, start, length - start);
        }
    }

    /** Ends the page for the sink. */
    public void endOfPage() {
        sink.endOfPage();
    }
}
