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

    public static final OutputTag<DeadLetter> TAG =
            new OutputTag<>("dead-letters", TypeInformation.of(DeadLetter.class));

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
        return new DeadLetter(
                reason.code(),
                clean(error),
                clean(record.origin()),
                clean(original),
                truncated,
                Instant.now().toString());
    }

    /**
     * {@code ://user:password@} and {@code ://user@} (also with one slash, or slashes escaped as JSON writes them,
     * whatever precedes them, as a broken record may have mangled the scheme): the user info of a URL with an
     * authority, up to its last {@code @} (blanks included: crawlers log URLs with raw spaces).
     */
    private static final Pattern USER_INFO = Pattern.compile("(:(?:\\\\?/){1,2})[^/?#\\r\\n\"\\\\]{0,256}@");

    static String clean(String text) {
        if (text == null) {
            return null;
        }
        String valid = ValidUnicode.repair(text);
        return valid.indexOf('@') < 0 ? valid : USER_INFO.matcher(valid).replaceAll("$1");
    }
}
