package org.reusedetector.format;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.reusedetector.model.AlertType;

/** The one JSON mapping of the project: snake_case field names, nulls left out, unknown fields tolerated. */
public final class Json {

    public static final ObjectMapper MAPPER = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL)
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(SerializationFeature.FAIL_ON_EMPTY_BEANS, false)
            .registerModule(wireNames());

    private Json() {}

    /** Alert types as consumers see them ({@code near-copy}, not {@code NEAR_COPY}); the model stays free of Jackson. */
    private static SimpleModule wireNames() {
        SimpleModule module = new SimpleModule("reuse-detector-wire-names");
        module.addSerializer(AlertType.class, new JsonSerializer<>() {
            @Override
            public void serialize(AlertType type, JsonGenerator generator, SerializerProvider provider)
                    throws IOException {
                generator.writeString(type.wireName());
            }
        });
        module.addDeserializer(AlertType.class, new JsonDeserializer<>() {
            @Override
            public AlertType deserialize(JsonParser parser, DeserializationContext context) throws IOException {
                String name = parser.getValueAsString();
                try {
                    return AlertType.fromWireName(name);
                } catch (IllegalArgumentException e) {
                    throw InvalidFormatException.from(parser, e.getMessage(), name, AlertType.class);
                }
            }
        });
        return module;
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static <T> T read(String json, Class<T> type) throws JsonProcessingException {
        return MAPPER.readValue(json, type);
    }
}
