package org.reusedetector.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks JSON the project writes for numbers a JSON reader does not accept: Jackson writes a non-finite double as the
 * string {@code "NaN"}, {@code "Infinity"} or {@code "-Infinity"} (or, unquoted, as a token no standard parser reads).
 */
public final class FiniteNumbers {

    private FiniteNumbers() {}

    /** Fails naming every field of {@code json} that holds a non-finite number. */
    public static void assertFinite(String json) throws Exception {
        List<String> found = new ArrayList<>();
        walk(Json.MAPPER.readTree(json), "$", found);
        assertThat(found).as("non-finite numbers in %s", json).isEmpty();
    }

    /** As {@link #assertFinite(String)}, of {@code value} written by the project's mapping. */
    public static void assertFiniteJson(Object value) throws Exception {
        assertFinite(Json.write(value));
    }

    private static void walk(JsonNode node, String path, List<String> found) {
        if (node.isNumber() && !Double.isFinite(node.doubleValue())) {
            found.add(path);
        } else if (node.isTextual()
                && (node.textValue().equals("NaN")
                        || node.textValue().equals("Infinity")
                        || node.textValue().equals("-Infinity"))) {
            found.add(path);
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), path + "[" + i + "]", found);
            }
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                walk(field.getValue(), path + "." + field.getKey(), found);
            }
        }
    }
}
