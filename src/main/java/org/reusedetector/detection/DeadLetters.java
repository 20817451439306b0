package org.reusedetector.detection;

import java.time.Instant;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.util.OutputTag;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.DeadLetterReason;
import org.reusedetector.model.SourceRecord;

/** The dead-letter side output and how a rejected record becomes a dead letter. */
public final class DeadLetters {
    private DeadLetters() {}

    public static final OutputTag<DeadLetter> TAG = new OutputTag<>("dead-letters", TypeInformation.of(DeadLetter.class));

    public static DeadLetter of(DeadLetterReason reason, String error, SourceRecord record, int maxOriginalChars) {
        String original = record.value() == null ? "" : record.value();
        boolean truncated = original.length() > maxOriginalChars;
        if (truncated) {
            original = original.substring(0, maxOriginalChars);
        }
        return new DeadLetter(reason.code(), error, record.origin(), original, truncated, Instant.now().toString());
    }
}
