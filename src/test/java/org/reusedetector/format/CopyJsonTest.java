package org.reusedetector.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.reusedetector.model.Alert;
import org.reusedetector.model.Copy;
import org.reusedetector.model.Evidence;

class CopyJsonTest {

    @Test
    void aNeighbourhoodAlertListsItsCopiesWithTheDocumentedFieldsOnly() throws Exception {
        Copy family = new Copy("family:f0123456789abcdef", 0.5, 20, 40, null);
        Copy site = new Copy("source.example", 0.75, 30, 40, "https://source.example/p.html");
        String json = Json.write(Alert.neighborhood(
                "https://copy.example/", 0.7, 0.5, 3, 0L, new Evidence[0], new Copy[] {site, family}, 0.6, 0.8));
        assertThat(json)
                .contains(
                        "\"copies\":[{\"source\":\"source.example\",\"coverage\":0.75,\"chunks\":30,\"source_chunks\":40,"
                                + "\"example_url\":\"https://source.example/p.html\"},"
                                + "{\"source\":\"family:f0123456789abcdef\",\"coverage\":0.5,\"chunks\":20,\"source_chunks\":40}]");
        assertThat(Json.read(json, Alert.class).copies()).containsExactly(site, family);
        assertThat(Copy.isFamily(family.source())).isTrue();
        assertThat(Copy.isFamily(site.source())).isFalse();
    }
}
