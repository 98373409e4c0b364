-- Sets a parameter but never declares the variant.
set("years", 3)
