package org.reusedetector.model;

/**
 * One signal's result on a page, in the page's one place for them ({@link HashedPage#results()}): the name of its
 * {@link ResultKey} and the value in the key's encoding. Only the key's owner reads the value.
 *
 * @param name the key's name
 * @param value the encoded value
 */
public record SignalResult(String name, byte[] value) {}
