package org.reusedetector.url;

/** A URL that cannot be used as a page address (not http(s), no host, malformed). */
public class InvalidUrlException extends Exception {
    public InvalidUrlException(String message) {
        super(message);
    }
}
