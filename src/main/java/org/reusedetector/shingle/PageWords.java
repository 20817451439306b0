package org.reusedetector.shingle;

import java.util.Arrays;

/**
 * The words of one page: their fingerprints and, for showing phrases, their text.
 *
 * @param url the page
 * @param words word fingerprints in document order
 * @param text the words joined by single spaces
 * @param starts where each word starts in {@code text}
 */
public record PageWords(String url, long[] words, String text, int[] starts) {

    /** The text of the k-word phrase starting at word {@code start}, wrapping round the end (circular phrases). */
    public String phraseText(int start, int k) {
        StringBuilder phrase = new StringBuilder();
        int n = words.length;
        for (int j = 0; j < k && n > 0; j++) {
            int w = (start + j) % n;
            int end = w + 1 < n ? starts[w + 1] - 1 : text.length();
            if (j > 0) {
                phrase.append(' ');
            }
            phrase.append(text, starts[w], end);
        }
        return phrase.toString();
    }

    /** Collects a page's words from the word stream ({@link org.reusedetector.page.PageHasher#hashWithWords}). */
    public static final class Collector implements org.reusedetector.page.WordSink {
        private long[] words = new long[1024];
        private int[] starts = new int[1024];
        private int count;
        private final StringBuilder text = new StringBuilder();
        private final boolean keepText;

        /** @param keepText keep the words' text (phrases shows example text; quilts needs only fingerprints) */
        public Collector(boolean keepText) {
            this.keepText = keepText;
        }

        @Override
        public void word(char[] chars, int start, int length) {
            if (count == words.length) {
                words = Arrays.copyOf(words, count * 2);
                starts = Arrays.copyOf(starts, count * 2);
            }
            words[count] = Fingerprints.word(chars, start, length);
            if (keepText) {
                if (count > 0) {
                    text.append(' ');
                }
                starts[count] = text.length();
                text.append(chars, start, length);
            }
            count++;
        }

        /** The page collected so far; resets the collector for the next page. */
        public PageWords take(String url) {
            PageWords page = new PageWords(
                    url,
                    Arrays.copyOf(words, count),
                    keepText ? text.toString() : "",
                    keepText ? Arrays.copyOf(starts, count) : new int[0]);
            count = 0;
            text.setLength(0);
            return page;
        }
    }
}
