/**
 * Small helpers without a domain: the terminal progress display, strings as valid Unicode.
 * Imports nothing of the project.
 */
package org.reusedetector.util;
