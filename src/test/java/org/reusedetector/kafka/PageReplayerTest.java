package org.reusedetector.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PageReplayerTest {

    @Test
    void findsTheTopLevelUrlWhereverItIs() {
        assertThat(PageReplayer.urlKey("{\"url\":\"http://a/\",\"body\":\"x\"}"))
                .isEqualTo("http://a/");
        assertThat(
                        PageReplayer.urlKey(
                                "{\"body\":\"{\\\"url\\\":\\\"http://inner/\\\"}\",\"meta\":{\"url\":\"http://nested/\"},\"url\":\"http://b/\"}"))
                .isEqualTo("http://b/");
        assertThat(PageReplayer.urlKey("{\"url\":\"http://c/\",\"body\":\"unterminated"))
                .isEqualTo("http://c/");
    }

    @Test
    void noKeyWithoutAStringUrl() {
        assertThat(PageReplayer.urlKey("{\"body\":\"x\",\"meta\":{\"url\":\"http://nested/\"}}"))
                .isNull();
        assertThat(PageReplayer.urlKey("{\"url\":null}")).isNull();
        assertThat(PageReplayer.urlKey("{\"url\":[\"http://a/\"]}")).isNull();
        assertThat(PageReplayer.urlKey("{\"url\":\"  \"}")).isNull();
        assertThat(PageReplayer.urlKey("[{\"url\":\"http://a/\"}]")).isNull();
        assertThat(PageReplayer.urlKey("not json")).isNull();
        assertThat(PageReplayer.urlKey("{\"body\":\"unterminated")).isNull();
        assertThat(PageReplayer.urlKey("")).isNull();
    }
}
