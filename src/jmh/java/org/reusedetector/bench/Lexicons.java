package org.reusedetector.bench;

import org.reusedetector.imatch.DocumentFrequencies;
import org.reusedetector.imatch.Lexicon;
import org.reusedetector.imatch.LexiconParams;
import org.reusedetector.page.PageHasher;

/** The I-Match lexicon the benchmarks sign with: built from the corpus itself, with the default parameters. */
final class Lexicons {

    private Lexicons() {}

    static Lexicon of(Corpus corpus) {
        PageHasher hasher = PageHasher.tokenizing(corpus.tags);
        DocumentFrequencies frequencies = new DocumentFrequencies();
        for (String page : corpus.bodies) {
            hasher.hashWithWords("https://bench.example/", 0, page, frequencies);
        }
        Lexicon lexicon = Lexicon.build(frequencies, LexiconParams.defaults(), "bench", "1970-01-01T00:00:00Z");
        System.out.printf(
                "%n(lexicon: %d terms, %d lexicons)%n", lexicon.terms().size(), lexicon.lexiconCount());
        return lexicon;
    }
}
