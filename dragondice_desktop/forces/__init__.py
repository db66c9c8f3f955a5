"""Forces: our force format, loading and the bundled sample forces (no Qt)."""
