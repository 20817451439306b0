package org.reusedetector.detection;

import java.time.Instant;
import java.util.regex.Pattern;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.util.OutputTag;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.DeadLetterReason;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.util.ValidUnicode;

/** The dead-letter side output and how a rejected record becomes a dead letter. */
public final class DeadLetters {
    private DeadLetters() {}

    public static final OutputTag<DeadLetter> TAG = new OutputTag<>("dead-letters", TypeInformation.of(DeadLetter.class));

    /**
     * The dead letter of a record: the original cut to {@code maxOriginalChars}, every string made valid Unicode
     * (a sink must be able to write it) and URL credentials ({@code user:password@}) removed from the error and the
     * original, as they are from alerts.
     */
    public static DeadLetter of(DeadLetterReason reason, String error, SourceRecord record, int maxOriginalChars) {
        String original = record.value() == null ? "" : record.value();
        boolean truncated = original.length() > maxOriginalChars;
        if (truncated) {
            original = ValidUnicode.prefix(original, maxOriginalChars);
        }
        return new DeadLetter(reason.code(), clean(error), clean(record.origin()), clean(original), truncated, Instant.now().toString());
    }

    /** {@code scheme://user:password@} and {@code scheme://user@}: the user info of a URL, up to its {@code @}. */
    private static final Pattern USER_INFO = Pattern.compile("(?i)(\\b[a-z][a-z0-9+.-]{0,30}:(?:\\\\?/){2})[^/?#@\\s\"\\\\]{0,1024}@");

    static String clean(String text) {
        if (text == null) {
            return null;
        }
        String valid = ValidUnicode.repair(text);
        return valid.indexOf('@') < 0 ? valid : USER_INFO.matcher(valid).replaceAll("$1");
    }
}
