package org.reusedetector.imatch;

import java.util.List;
import org.reusedetector.page.WordSink;

/** Feeds plain text to a word sink as the word stream would (maximal alphanumeric runs). */
final class ImatchFixture {

    private ImatchFixture() {}

    static void page(WordSink sink, String text) {
        char[] chars = text.toCharArray();
        int i = 0;
        while (i < chars.length) {
            if (!Character.isLetterOrDigit(chars[i])) {
                i++;
                continue;
            }
            int start = i;
            while (i < chars.length && Character.isLetterOrDigit(chars[i])) {
                i++;
            }
            sink.word(chars, start, i - start);
        }
        sink.endOfPage();
    }

    static void pages(WordSink sink, List<String> texts) {
        texts.forEach(t -> page(sink, t));
    }
}
