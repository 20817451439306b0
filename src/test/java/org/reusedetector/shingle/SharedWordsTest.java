package org.reusedetector.shingle;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SharedWordsTest {

    private static final char[] TEXT = "the quick brown fox jumps over the lazy dog and runs away".toCharArray();

    @Test
    void theFirstReaderCutsTheWordsOnceAndTheLastToFinishClearsThem() {
        SharedWords shared = new SharedWords(5);
        SharedWords.Reader first = shared.reader();
        SharedWords.Reader second = shared.reader();
        first.chunk(TEXT, TEXT.length);
        second.chunk(TEXT, TEXT.length);
        assertThat(second.words()).isSameAs(first.words());
        assertThat(first.words().wordCount()).as("cut once, not once a reader").isEqualTo(12);
        first.finished();
        assertThat(second.words().wordCount())
                .as("kept for the reader that has not finished")
                .isEqualTo(12);
        second.finished();
        assertThat(first.words().wordCount()).as("cleared for the next page").isZero();
    }

    @Test
    void aResetForgetsThePageForEveryReader() {
        SharedWords shared = new SharedWords(5);
        SharedWords.Reader first = shared.reader();
        SharedWords.Reader second = shared.reader();
        first.chunk(TEXT, TEXT.length);
        second.chunk(TEXT, TEXT.length);
        first.finished();
        second.reset();
        first.reset();
        assertThat(first.words().wordCount()).isZero();
        first.chunk(TEXT, TEXT.length);
        second.chunk(TEXT, TEXT.length);
        first.finished();
        assertThat(second.words().wordCount())
                .as("the next page counts its readers afresh")
                .isEqualTo(12);
        second.finished();
        assertThat(second.words().wordCount()).isZero();
    }
}
