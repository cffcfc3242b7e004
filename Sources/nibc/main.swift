print("nibc")
