package org.reusedetector.kafka;

/**
 * Record size limits shared by the producers, the topics and the embedded broker. Page bodies of a few MB
 * (see {@code chunking.max-body-bytes}) grow when escaped into JSON, so records of several MB must pass
 * everywhere; Kafka's defaults stop at about 1 MB.
 */
public final class KafkaLimits {

    /**
     * Largest record the tooling produces and the topics it creates accept ({@code max.request.size} of the
     * producers, {@code max.message.bytes} of the topics, {@code message.max.bytes} of the embedded broker).
     * A real cluster needs the same on topics created by other means.
     */
    public static final int MAX_RECORD_BYTES = 16 * 1024 * 1024;

    private KafkaLimits() {}
}
