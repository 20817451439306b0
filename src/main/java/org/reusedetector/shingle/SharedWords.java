package org.reusedetector.shingle;

/**
 * A page's words cut once for every signal that reads them (the near-copy sketch and the quilt grams), in one
 * {@link PageSketcher}. Each signal takes a {@link Reader}: the first reader feeds the chunks, the others only read,
 * and the words are forgotten once every reader has finished the page. One per thread.
 */
public final class SharedWords {

    private final PageSketcher sketcher;
    private int readers;
    private int finished;

    public SharedWords(int k) {
        this(k, null);
    }

    /** Words that take each chunk's runs of word chars from {@code runs} when its producer registered first. */
    public SharedWords(int k, WordRuns runs) {
        this.sketcher = new PageSketcher(k, runs != null && runs.consumer() ? runs : null);
    }

    /** A new reader; the first one taken feeds the words. */
    public Reader reader() {
        return new Reader(readers++ == 0);
    }

    /** One signal's view of the shared words. */
    public final class Reader {
        private final boolean feeds;

        private Reader(boolean feeds) {
            this.feeds = feeds;
        }

        /** One chunk of the page: cut into words by the first reader only. */
        public void chunk(char[] text, int length) {
            if (feeds) {
                sketcher.chunk(text, length);
            }
        }

        /** The current page's words, phrases and shingles; read them before {@link #finished}. */
        public PageSketcher words() {
            return sketcher;
        }

        /** This reader is done with the page; the last one to finish clears the words for the next page. */
        public void finished() {
            if (++finished == readers) {
                finished = 0;
                sketcher.reset();
            }
        }

        /** The page failed: forgets its words (every reader may call it). */
        public void reset() {
            finished = 0;
            sketcher.reset();
        }
    }
}
