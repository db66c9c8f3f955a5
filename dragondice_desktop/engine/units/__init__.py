"""What happens to units: assigning damage, killing, burying and moving them, and the items they carry."""
