/**
 * URL rules: normalisation, neighbourhood prefixes, crawler-recursion detection.
 * Pure Java; imports nothing of the project.
 * <p>Project imports: none.
 */
package org.reusedetector.url;
