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

    /** ASCII letters and digits: the bulk of the text, judged without a Unicode table lookup. */
    private static final boolean[] ASCII_ALNUM = new boolean[128];

    static {
        for (char c = 0; c < 128; c++) {
            ASCII_ALNUM[c] = Character.isLetterOrDigit(c);
        }
    }

    public WordSplitter(WordSink sink) {
        this.sink = sink;
    }

    @Override
    public void chunk(char[] text, int length) {
        int start = -1;
        int i = 0;
        while (i < length) {
            char c = text[i];
            int width = 1;
            boolean alnum;
            if (c < 128) {
                alnum = ASCII_ALNUM[c];
            } else if (!WordChars.isSurrogate(c)) {
                alnum = WordChars.isLetterOrDigit(c);
            } else {
                int cp = Character.codePointAt(text, i, length);
                width = Character.charCount(cp);
                alnum = Character.isLetterOrDigit(cp);
            }
            if (alnum) {
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
